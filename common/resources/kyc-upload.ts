import type { ResourceDefinition } from './types';

export const kycUpload: ResourceDefinition = {
  name: 'kyc-upload',
  area: 'kyc-management',
  route: 'kyc-management/kyc/upload',
  // One form: a subject and its documents, sent as one multipart POST (docs/kyc.md).
  endpoint: 'be-api-management/kyc/subjects',
  page: 'kyc-upload',
  labelKey: 'resources.kyc-upload',
  icon: 'CloudUploadOutlined',
  minRole: 2,
  actions: ['list', 'create', 'edit'],
  shape: 'form',
};

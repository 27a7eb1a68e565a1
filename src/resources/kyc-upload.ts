import type { ResourceDefinition } from './types';

// One form: a subject and its documents, sent as one multipart POST (docs/kyc.md).
export const kycUpload: ResourceDefinition = {
  name: 'kyc-upload',
  area: 'kyc-management',
  route: 'kyc-management/kyc/upload',
  labelKey: 'resources.kyc-upload',
  icon: 'CloudUploadOutlined',
  minRole: 2,
  actions: ['list'],
  endpoint: 'be-api-management/kyc/subjects',
  page: 'kyc-upload',
};

import type { ResourceDefinition } from './types';

export const kycUpload: ResourceDefinition = {
  name: 'kyc-upload',
  area: 'kyc-management',
  route: 'kyc-management/kyc/upload',
  labelKey: 'resources.kyc-upload',
  icon: 'CloudUploadOutlined',
  minRole: 2,
  actions: ['list', 'create', 'edit'],
};

import type { ResourceDefinition } from './types';

// The upload screen and its API (docs/kyc.md): `list` and `create` subjects and their files,
// `edit` a subject's details. Every role.
export const kycUpload: ResourceDefinition = {
  name: 'kyc-upload',
  area: 'kyc-management',
  route: 'kyc-management/kyc/upload',
  labelKey: 'resources.kyc-upload',
  icon: 'CloudUploadOutlined',
  minRole: 2,
  actions: ['list', 'create', 'edit'],
};

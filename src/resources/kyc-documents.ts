import type { ResourceDefinition } from './types';

export const kycDocuments: ResourceDefinition = {
  name: 'kyc-documents',
  area: 'kyc-management',
  route: 'kyc-management/kyc/documents',
  labelKey: 'resources.kyc-documents',
  icon: 'FileProtectOutlined',
  minRole: 2,
  actions: ['list', 'show', 'edit'],
};

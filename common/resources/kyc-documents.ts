import type { ResourceDefinition } from './types';

export const kycDocuments: ResourceDefinition = {
  name: 'kyc-documents',
  area: 'kyc-management',
  route: 'kyc-management/kyc/documents',
  // The review queue (list) and one document's review (show, edit: decisions): docs/kyc.md.
  endpoint: 'be-api-management/kyc/documents',
  page: 'kyc-documents',
  labelKey: 'resources.kyc-documents',
  icon: 'FileProtectOutlined',
  minRole: 2,
  actions: ['list', 'show', 'edit'],
};

import type { ResourceDefinition } from './types';

// The review queue (list) and one document's review (show): docs/kyc.md.
export const kycDocuments: ResourceDefinition = {
  name: 'kyc-documents',
  area: 'kyc-management',
  route: 'kyc-management/kyc/documents',
  labelKey: 'resources.kyc-documents',
  icon: 'FileProtectOutlined',
  minRole: 2,
  actions: ['list', 'show'],
  endpoint: 'be-api-management/kyc/documents',
  page: 'kyc-documents',
};

import type { ResourceDefinition } from './types';

// The review screens and their API (docs/kyc.md): `list` and `show` documents (and read their
// files), `edit` for the decisions, masking and claiming a subject. Every role.
export const kycDocuments: ResourceDefinition = {
  name: 'kyc-documents',
  area: 'kyc-management',
  route: 'kyc-management/kyc/documents',
  labelKey: 'resources.kyc-documents',
  icon: 'FileProtectOutlined',
  minRole: 2,
  actions: ['list', 'show', 'edit'],
};

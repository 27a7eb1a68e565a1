import type { ResourceDefinition } from './types';

// The KYC area's settings (docs/kyc.md): scanning policy and the UIDAI certificate. Admin+
// change them; any role reads them (GET kyc/settings is guarded as `kyc-documents:list`, since
// every reviewer's screen shows whether files are scanned), so the menu entry stays Admin+.
// No `endpoint`: the page (page key `kyc-settings`) calls the API itself.
export const kycSettings: ResourceDefinition = {
  name: 'kyc-settings',
  area: 'kyc-management',
  route: 'kyc-management/kyc/settings',
  labelKey: 'resources.kyc-settings',
  icon: 'SettingOutlined',
  minRole: 1,
  actions: ['list', 'edit'],
  shape: 'form',
  page: 'kyc-settings',
};

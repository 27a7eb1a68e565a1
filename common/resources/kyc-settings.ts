import { KYC_SCAN_POLICIES } from '../domains/kyc/model';
import type { ResourceDefinition } from './types';

// The KYC area's settings (docs/kyc.md): scanning policy and the UIDAI certificate. Admin+
// change them; any role reads them (GET kyc/settings is guarded as `kyc-documents:list`, since
// every reviewer's screen shows whether files are scanned), so the menu entry stays Admin+.
// One form from this definition (the generic one-form page); the PUT is multipart, with the
// certificate as a file when one is picked. The record has no version: the last save wins.
export const kycSettings: ResourceDefinition = {
  name: 'kyc-settings',
  area: 'kyc-management',
  route: 'kyc-management/kyc/settings',
  endpoint: 'be-api-management/kyc/settings',
  labelKey: 'resources.kyc-settings',
  icon: 'SettingOutlined',
  minRole: 1,
  actions: ['list', 'edit'],
  shape: 'form',
  fields: [
    {
      name: 'scanPolicy',
      type: 'select',
      labelKey: 'kyc.settings.scanPolicy',
      required: true,
      options: KYC_SCAN_POLICIES.map((policy) => ({ value: policy, labelKey: `kyc.settings.policies.${policy}` })),
      help: 'kyc.settings.scanPolicyHint',
      // Radio buttons, beside whether a scanner is configured.
      editor: 'kyc-scan-policy',
    },
    // The pinned certificate's summary is shown; a picked file (≤ 64 KB, .cer/.pem/.crt) replaces it.
    { name: 'certificate', type: 'text', labelKey: 'kyc.settings.certificate', editor: 'kyc-certificate' },
  ],
  form: {
    encoding: 'multipart',
    savedKey: 'server.kycSettingsSaved',
    sections: [
      { titleKey: 'kyc.settings.scanning', fields: ['scanPolicy'] },
      { titleKey: 'kyc.settings.certificate', fields: ['certificate'] },
    ],
  },
};

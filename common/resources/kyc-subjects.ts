import { KYC_GENDERS, KYC_STATUSES } from '../domains/kyc/model';
import type { ResourceDefinition } from './types';

// The KYC subjects (docs/kyc.md `GET kyc/subjects`, `GET kyc/subjects/:id`) on the generic list
// and show page: whom the documents belong to, their derived status and who reviews them. The
// Aadhaar number only ever masked (the server answers XXXX-XXXX-1234). Subjects are made and
// edited through the upload form (kyc-upload); a subject's page lists its documents (panel
// `kyc-subject-documents`), each opening its review.

export const kycSubjects: ResourceDefinition = {
  name: 'kyc-subjects',
  area: 'kyc-management',
  route: 'kyc-management/kyc/subjects',
  endpoint: 'be-api-management/kyc/subjects',
  labelKey: 'resources.kyc-subjects',
  icon: 'IdcardOutlined',
  // As the server's guard of these reads (`kyc-upload:list`): every role.
  minRole: 2,
  actions: ['list', 'show'],
  fields: [
    { name: 'name', type: 'text', labelKey: 'kyc.fields.name', required: true, readOnly: true, list: { sortable: true } },
    { name: 'pan', type: 'text', labelKey: 'kyc.fields.pan', readOnly: true, list: { width: 130 } },
    { name: 'aadhaar', type: 'text', labelKey: 'kyc.fields.aadhaar', readOnly: true, list: { cell: 'masked', width: 170 } },
    {
      name: 'status',
      type: 'select',
      labelKey: 'kyc.list.status',
      readOnly: true,
      options: KYC_STATUSES.map((value) => ({ value, labelKey: `kyc.status.${value}` })),
      list: { sortable: true, filter: 'multiSelect', cell: 'status', width: 140 },
    },
    { name: 'dob', type: 'date', labelKey: 'kyc.fields.dob', readOnly: true, views: ['show'] },
    { name: 'gender', type: 'select', labelKey: 'kyc.fields.gender', readOnly: true, options: KYC_GENDERS.map((value) => ({ value, labelKey: `kyc.genders.${value}` })), views: ['show'] },
    { name: 'addressLine', type: 'text', labelKey: 'kyc.fields.addressLine', readOnly: true, views: ['show'] },
    { name: 'city', type: 'text', labelKey: 'kyc.fields.city', readOnly: true, list: { hidden: true, width: 140 } },
    { name: 'state', type: 'text', labelKey: 'kyc.fields.state', readOnly: true, list: { hidden: true, width: 160 } },
    { name: 'pinCode', type: 'text', labelKey: 'kyc.fields.pinCode', readOnly: true, views: ['show'] },
    // The API's filter takes `me` (or a user id: analysts may not read the users list to pick one).
    {
      name: 'assignee',
      type: 'select',
      labelKey: 'kyc.list.claimedBy',
      readOnly: true,
      options: [{ value: 'me', labelKey: 'kyc.list.me' }],
      list: { cell: 'user', filter: 'select', width: 150 },
    },
    { name: 'createdBy', type: 'text', labelKey: 'kyc.review.createdBy', readOnly: true, list: { cell: 'user', hidden: true, width: 150 } },
    { name: 'createdAt', type: 'datetime', labelKey: 'kyc.fields.createdAt', readOnly: true, list: { sortable: true, hidden: true, width: 170 } },
    { name: 'updatedAt', type: 'datetime', labelKey: 'kyc.list.updated', readOnly: true, list: { sortable: true, cell: 'relativeAge', width: 150 } },
  ],
  // `q`: part of the name or PAN, or a full Aadhaar number (looked up through the vault, never compared in clear).
  list: { tabs: 'status', search: ['name', 'pan'] },
  panels: ['kyc-subject-documents'],
};

import { COMPANY_TEXT_RULES } from '../domains/news/company-rules';
import type { ResourceDefinition } from './types';

const max = (field: keyof typeof COMPANY_TEXT_RULES) => COMPANY_TEXT_RULES[field].max;

// Plain CRUD on the generic pages; the upload (its create page), the Excel template (a
// button on the list) and the legacy update-company route are the news module's own (API.md).
export const companies: ResourceDefinition = {
  name: 'companies',
  area: 'news-management',
  route: 'news-management/news/companies',
  labelKey: 'resources.companies',
  icon: 'BankOutlined',
  minRole: 2,
  // create = upload companies from an .xlsx file.
  actions: ['list', 'show', 'edit', 'create'],
  endpoint: 'be-api-management/news/companies',
  updateEndpoint: 'be-api-management/news/update-company',
  idField: 'companyId',
  actionPages: { create: 'company-upload' },
  headerActions: ['company-upload', 'company-template'],
  storage: {
    table: 'companies',
    search: ['compName', 'ticker', 'isin'],
    defaultSort: 'compName:asc',
    auditEntity: 'company',
    // API.md's news module answers one company as {result}; SPEC.md section 5's sentence for bad input.
    envelope: 'result',
    messages: { notFound: 'companyNotFound', invalid: 'companyInvalid' },
  },
  fields: [
    { name: 'companyId', type: 'integer', labelKey: 'news.companyFields.companyId', readOnly: true, column: 'company_id', list: { sortable: true, width: 110 } },
    { name: 'compName', type: 'text', labelKey: 'news.companyFields.compName', required: true, maxLength: max('compName'), rule: 'letters', list: { sortable: true, filter: 'text' } },
    { name: 'isin', type: 'text', labelKey: 'news.companyFields.isin', required: true, maxLength: max('isin'), rule: 'isin', unique: true, list: { sortable: true, filter: 'text', width: 150 } },
    { name: 'ticker', type: 'text', labelKey: 'news.companyFields.ticker', maxLength: max('ticker'), rule: 'letters', default: '', list: { sortable: true, width: 110 } },
    { name: 'exchange', type: 'text', labelKey: 'news.companyFields.exchange', maxLength: max('exchange'), rule: 'letters', default: '', list: { sortable: true, filter: 'text', width: 110 } },
    { name: 'sector', type: 'text', labelKey: 'news.companyFields.sector', maxLength: max('sector'), rule: 'letters', default: '', list: { sortable: true, filter: 'text' } },
    { name: 'website', type: 'text', labelKey: 'news.companyFields.website', maxLength: max('website'), rule: 'emailLetters', default: '', views: ['list', 'show', 'form'], list: { hidden: true } },
    { name: 'email', type: 'email', labelKey: 'news.companyFields.email', maxLength: max('email'), rule: 'companyEmail', default: '', views: ['list', 'show', 'form'], list: { hidden: true } },
    { name: 'phone', type: 'text', labelKey: 'news.companyFields.phone', maxLength: max('phone'), rule: 'letters', default: '', views: ['list', 'show', 'form'], list: { hidden: true } },
    { name: 'address', type: 'textarea', labelKey: 'news.companyFields.address', maxLength: max('address'), rule: 'letters', default: '', views: ['list', 'show', 'form'], list: { hidden: true } },
    { name: 'isActive', type: 'boolean', labelKey: 'news.companyFields.isActive', default: true, list: { sortable: true, filter: 'boolean', width: 110 } },
  ],
};

import { TEMPLATE_KINDS } from '../domains/finview/model';
import type { ResourceDefinition } from './types';

// Versioned video and report templates with a live preview (docs/finview.md), on the generic
// list and show page. The editor is the area's own page (actionPages: it is an editor in
// itself, with its preview, scenes, data and parameters); the show page is the generic one
// with the versions as the named panel 'finview-template-versions'; delete archives.
export const templates: ResourceDefinition = {
  name: 'templates',
  area: 'finview',
  route: 'finview/templates',
  endpoint: 'be-api-management/finview/templates',
  labelKey: 'resources.templates',
  icon: 'LayoutOutlined',
  minRole: 2,
  actions: ['list', 'show', 'create', 'edit', 'delete'],
  module: 'FinView',
  actionPages: { create: 'finview-template-new', edit: 'finview-template-editor' },
  headerActions: ['finview-template-new'],
  fields: [
    { name: 'id', type: 'integer', labelKey: 'generic.id', readOnly: true, views: ['show'] },
    { name: 'name', type: 'text', labelKey: 'finviewTemplates.name', readOnly: true, list: { sortable: true } },
    { name: 'description', type: 'textarea', labelKey: 'finviewTemplates.description', readOnly: true, list: { hidden: true } },
    {
      name: 'kind',
      type: 'select',
      labelKey: 'finviewTemplates.kind',
      readOnly: true,
      options: TEMPLATE_KINDS.map((value) => ({ value, labelKey: `finviewTemplates.kinds.${value}` })),
      list: { filter: 'select', width: 120 },
    },
    { name: 'publishedVersion', type: 'integer', labelKey: 'finviewTemplates.published', readOnly: true, list: { cell: 'finview-version', width: 110 } },
    { name: 'draftVersion', type: 'integer', labelKey: 'finviewTemplates.draft', readOnly: true, list: { cell: 'finview-version', width: 110 } },
    { name: 'createdBy', type: 'text', labelKey: 'finviewTemplates.createdBy', readOnly: true, views: ['show'], list: { cell: 'user' } },
    { name: 'createdAt', type: 'datetime', labelKey: 'finview.templates.createdAt', readOnly: true, list: { sortable: true, cell: 'relativeAge', hidden: true, width: 140 } },
    { name: 'updatedBy', type: 'text', labelKey: 'finviewTemplates.updatedBy', readOnly: true, list: { cell: 'user', width: 140 } },
    { name: 'updatedAt', type: 'datetime', labelKey: 'finviewTemplates.updatedAt', readOnly: true, list: { sortable: true, cell: 'relativeAge', width: 140 } },
  ],
  panels: ['finview-template-versions'],
  list: { search: ['name', 'description'], openOnEnter: true },
};

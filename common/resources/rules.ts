import { RULE_TRIGGERS } from '../domains/finview/model';
import type { ResourceDefinition } from './types';

// Schedules, events and manual runs that make videos (docs/finview.md), on the generic list
// and show page. The form is the area's rule editor (actionPages: the template's parameters,
// event fields and watch-list are its own); "Run now" is the named row action 'finview-rule-run-now'.
export const rules: ResourceDefinition = {
  name: 'rules',
  area: 'finview',
  route: 'finview/rules',
  endpoint: 'be-api-management/finview/rules',
  labelKey: 'resources.rules',
  icon: 'ControlOutlined',
  minRole: 2,
  actions: ['list', 'show', 'create', 'edit', 'delete'],
  module: 'FinView',
  actionPages: { create: 'finview-rule-editor', edit: 'finview-rule-editor' },
  headerActions: ['finview-rule-create'],
  rowActions: ['finview-rule-run-now'],
  fields: [
    { name: 'id', type: 'integer', labelKey: 'generic.id', readOnly: true, views: ['show'] },
    { name: 'name', type: 'text', labelKey: 'finviewRules.name', readOnly: true, list: { sortable: true } },
    {
      name: 'trigger',
      type: 'select',
      labelKey: 'finviewRules.trigger',
      readOnly: true,
      options: RULE_TRIGGERS.map((value) => ({ value, labelKey: `finviewRules.triggers.${value}` })),
      list: { sortable: true, cell: 'finview-rule-trigger', width: 200 },
    },
    { name: 'templateName', type: 'text', labelKey: 'finviewRules.template', readOnly: true, list: { width: 180 } },
    { name: 'enabled', type: 'boolean', labelKey: 'finviewRules.enabled', readOnly: true, list: { width: 100 } },
    { name: 'title', type: 'text', labelKey: 'finviewRules.titleField', readOnly: true, views: ['show'] },
    { name: 'lastFiredAt', type: 'datetime', labelKey: 'finviewRules.lastFired', readOnly: true, list: { sortable: true, cell: 'relativeAge', width: 140 } },
    { name: 'nextRunAt', type: 'datetime', labelKey: 'finviewRules.nextRun', readOnly: true, list: { cell: 'relativeAge', width: 140 } },
    { name: 'outputCount', type: 'integer', labelKey: 'finviewRules.outputs', readOnly: true, list: { cell: 'finview-rule-outputs', width: 100 } },
    { name: 'createdBy', type: 'text', labelKey: 'finview.rules.createdBy', readOnly: true, views: ['show'], list: { cell: 'user' } },
    { name: 'createdAt', type: 'datetime', labelKey: 'finview.rules.createdAt', readOnly: true, list: { sortable: true, cell: 'relativeAge', hidden: true, width: 140 } },
    { name: 'updatedAt', type: 'datetime', labelKey: 'finview.rules.updatedAt', readOnly: true, list: { sortable: true, cell: 'relativeAge', hidden: true, width: 140 } },
  ],
  list: { openOnEnter: true },
};

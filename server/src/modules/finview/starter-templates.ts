import type { Bindings, ParamsSchema, TemplateBody, TemplateKind } from '../../../../common/domains/finview/model.js';
import { TEMPLATE_SCHEMA_VERSION, type VideoTemplate } from '../../../../common/domains/finview/template.js';
import type { ReportTemplate } from '../../../../common/domains/finview/report-template.js';
import type { StoredSettings } from './settings.js';

// What version 1 of a new template holds (docs/finview.md "Templates"): a title and a bar chart
// of a company's approved news per day (the `chart` binding) in the firm's brand, ready to
// publish and render as it is.

export interface Starter {
  body: TemplateBody;
  paramsSchema: ParamsSchema;
  bindings: Bindings;
}

const PARAMS: ParamsSchema = {
  type: 'object',
  properties: { companyId: { type: 'integer', title: 'Company', minimum: 1, 'x-source': 'company-records' } },
  required: ['companyId'],
  additionalProperties: false,
};
const BINDINGS: Bindings = { chart: { plugin: 'news-counts', args: { companyId: { param: 'companyId' }, status: 'APPROVED', days: 7 } } };

export function starterTemplate(kind: TemplateKind, name: string, settings: StoredSettings): Starter {
  const title = name.slice(0, 120);
  if (kind === 'video') {
    const body: VideoTemplate = {
      schemaVersion: TEMPLATE_SCHEMA_VERSION,
      size: { width: Math.min(1920, settings.maxWidth), height: Math.min(1080, settings.maxHeight) },
      fps: settings.defaultFps,
      durationSeconds: Math.min(10, settings.maxDurationSeconds),
      brand: settings.brand,
      scenes: [
        { kind: 'title', start: 0, end: Math.min(3, settings.maxDurationSeconds), title, subtitle: '{{companyIdName}}' },
        {
          kind: 'bar-chart',
          start: Math.min(3, settings.maxDurationSeconds - 0.5),
          end: Math.min(10, settings.maxDurationSeconds),
          bind: 'chart',
          title: 'Approved news, last 7 days',
          labels: [],
          values: [],
          growSeconds: 1,
        },
      ],
    };
    return { body, paramsSchema: PARAMS, bindings: BINDINGS };
  }
  const body: ReportTemplate = {
    schemaVersion: TEMPLATE_SCHEMA_VERSION,
    title,
    subtitle: '{{companyIdName}}',
    brand: settings.brand,
    page: { size: 'A4', landscape: false },
    sections: [
      { kind: 'heading', text: 'Approved news, last 7 days' },
      { kind: 'bar-chart', bind: 'chart', labels: [], values: [] },
      { kind: 'table', bind: 'news', columns: ['Date', 'Headline'], rows: [] },
    ],
  };
  const bindings: Bindings = { ...BINDINGS, news: { plugin: 'news-items', args: { companyId: { param: 'companyId' }, status: 'APPROVED', limit: 10 } } };
  return { body, paramsSchema: PARAMS, bindings };
}

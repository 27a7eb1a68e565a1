import { useModuleApiPath } from '../../registry/resource-urls';

// The finview calls (docs/finview.md), under the module's base in the registry:
// `/be-api-management/finview/...` (the folder of the plugins endpoint). URL builders only:
// the answers' and bodies' types are common/domains/finview/model.ts.
const part = (value: string | number) => encodeURIComponent(String(value));

export function finviewApi(base: string) {
  return {
    base,
    settings: `${base}/settings`,
    brand: `${base}/brand`,
    templates: `${base}/templates`,
    template: (id: string | number) => `${base}/templates/${part(id)}`,
    templateVersion: (id: string | number, version: string | number) => `${base}/templates/${part(id)}/versions/${part(version)}`,
    templateDraft: (id: string | number) => `${base}/templates/${part(id)}/draft`,
    templatePublish: (id: string | number) => `${base}/templates/${part(id)}/publish`,
    preview: `${base}/preview`,
    plugins: `${base}/plugins`,
    plugin: (id: string) => `${base}/plugins/${part(id)}`,
    pluginSample: (id: string) => `${base}/plugins/${part(id)}/sample`,
    priceSeries: `${base}/plugins/price-series/series`,
    priceSeriesOne: (id: string | number) => `${base}/plugins/price-series/series/${part(id)}`,
    outputs: `${base}/outputs`,
    output: (id: string | number) => `${base}/outputs/${part(id)}`,
    outputCancel: (id: string | number) => `${base}/outputs/${part(id)}/cancel`,
    outputRetry: (id: string | number) => `${base}/outputs/${part(id)}/retry`,
    outputApprove: (id: string | number) => `${base}/outputs/${part(id)}/approve`,
    outputMedia: (id: string | number) => `${base}/outputs/${part(id)}/media`,
    eventsTicket: `${base}/events/ticket`,
    companies: `${base}/companies`,
    rules: `${base}/rules`,
    rule: (id: string | number) => `${base}/rules/${part(id)}`,
    ruleRun: (id: string | number) => `${base}/rules/${part(id)}/run`,
  } as const;
}

export type FinviewApi = ReturnType<typeof finviewApi>;

/** The module's base from the registry (every finview resource's endpoint sits in `…/finview/`). */
export function useFinviewApi(): FinviewApi {
  return finviewApi(useModuleApiPath('plugins'));
}

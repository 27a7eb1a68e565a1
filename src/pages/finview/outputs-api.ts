import { useModuleApiPath } from '../../resources/resource-urls';

// The finview calls the create, videos and rules pages make (docs/finview.md), beside the
// outputs' endpoint in the registry: `/be-api-management/finview/...`. Kept here until the
// shared finview-api.ts lands; then these fold into it.
export function outputsApi(base: string) {
  const id = (value: string | number) => encodeURIComponent(String(value));
  return {
    templates: `${base}/templates`,
    version: (templateId: string | number, version: string | number) => `${base}/templates/${id(templateId)}/versions/${id(version)}`,
    preview: `${base}/preview`,
    priceSeries: `${base}/plugins/price-series/series`,
    outputs: `${base}/outputs`,
    output: (outputId: string | number) => `${base}/outputs/${id(outputId)}`,
    cancel: (outputId: string | number) => `${base}/outputs/${id(outputId)}/cancel`,
    retry: (outputId: string | number) => `${base}/outputs/${id(outputId)}/retry`,
    approve: (outputId: string | number) => `${base}/outputs/${id(outputId)}/approve`,
    media: (outputId: string | number) => `${base}/outputs/${id(outputId)}/media`,
    eventsTicket: `${base}/events/ticket`,
    rules: `${base}/rules`,
    rule: (ruleId: string | number) => `${base}/rules/${id(ruleId)}`,
    runRule: (ruleId: string | number) => `${base}/rules/${id(ruleId)}/run`,
  } as const;
}

export type OutputsApi = ReturnType<typeof outputsApi>;

export function useOutputsApi(): OutputsApi {
  // The videos resource's endpoint is `…/finview/outputs`: its folder is the module's base.
  return outputsApi(useModuleApiPath('videos'));
}

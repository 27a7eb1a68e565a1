import { useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { TemplateKind, TemplateSummary, TemplateVersion } from '../../../../common/domains/finview/model';
import { FormSelect } from '../../form-select';
import { useFinviewApi } from '../finview-api';

/** The published templates (video and report, or one kind), by name. */
export function usePublishedTemplates(kind?: TemplateKind) {
  const api = useFinviewApi();
  const { query } = useCustom<TemplateSummary[]>({
    url: api.templates,
    method: 'get',
    // One page of the most the lists give (200): the picker searches within it.
    config: { query: { archived: 'false', ...(kind ? { kind } : {}), page: 1, pageSize: 200, sort: 'name:asc' } },
    queryOptions: { retry: false, staleTime: 30_000 },
    errorNotification: false,
  });
  const all = Array.isArray(query.data?.data) ? query.data.data : [];
  return { templates: all.filter((template) => template.publishedVersion !== null && !template.archived), query };
}

/** The picked template among the published ones, and its published version (params schema, bindings) once loaded. */
export function usePublishedVersion(templateId: number | undefined) {
  const api = useFinviewApi();
  const { templates } = usePublishedTemplates();
  const template = templates.find((candidate) => candidate.id === templateId);
  const { query } = useCustom<TemplateVersion>({
    url: template ? api.templateVersion(template.id, template.publishedVersion ?? 0) : '',
    method: 'get',
    queryOptions: { enabled: Boolean(template), retry: false, staleTime: Number.POSITIVE_INFINITY },
    errorNotification: false,
  });
  return { template, version: template ? query.data?.data : undefined, versionQuery: query };
}

export function TemplatePicker({ value, onChange, id }: { value?: number; onChange?: (value: number | undefined) => void; id?: string }) {
  const { t } = useTranslation();
  const { templates, query } = usePublishedTemplates();
  return (
    <FormSelect
      id={id}
      value={value}
      onChange={(next) => onChange?.(next as number | undefined)}
      showSearch
      allowClear
      optionFilterProp="label"
      loading={query.isFetching}
      style={{ minWidth: 280, maxWidth: 480 }}
      placeholder={t('finviewCreate.pickTemplate')}
      notFoundContent={query.isFetching ? undefined : t('finviewCreate.noTemplates')}
      options={templates.map((template) => ({
        value: template.id,
        label: `${template.name} · ${t(`finviewCreate.kinds.${template.kind}`)} · v${template.publishedVersion}`,
      }))}
      data-testid="finview-template"
    />
  );
}

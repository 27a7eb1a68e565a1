import dayjs, { type Dayjs } from 'dayjs';
import type { NewsEventField, RuleAnswer, RuleBody, RuleEvent, RuleTrigger } from '../../../../common/domains/finview/model';
import { NEWS_EVENT_FIELDS } from '../../../../common/domains/finview/model';
import { paramErrorsOf, paramValueOf, type ParamField } from '../create/params-form';

// A rule as the form holds it and as the API takes it (docs/finview.md "Rules"). An event rule's
// param may take an event's field instead of a value: `{event: field}` in the body, a second
// select (`fromEvent.<name>`) in the form.

export interface RuleFormValues {
  name: string;
  enabled: boolean;
  trigger: RuleTrigger;
  cron?: string;
  timezone?: string;
  event?: RuleEvent;
  companyIds?: number[];
  templateId?: number;
  params?: Record<string, string | number | boolean | Dayjs | undefined>;
  fromEvent?: Record<string, NewsEventField | undefined>;
  title?: string;
  dedupeKey?: string;
}

export const DEFAULT_TIMEZONE = 'UTC';

export function defaultTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIMEZONE;
  } catch {
    return DEFAULT_TIMEZONE;
  }
}

const isEventField = (value: unknown): value is NewsEventField => NEWS_EVENT_FIELDS.includes(value as NewsEventField);

/** The form's values for a saved rule (dates of date params as the picker's values). */
export function formValuesOf(rule: RuleAnswer, fields: readonly ParamField[]): RuleFormValues {
  const params: NonNullable<RuleFormValues['params']> = {};
  const fromEvent: Record<string, NewsEventField | undefined> = {};
  for (const [name, value] of Object.entries(rule.params ?? {})) {
    if (typeof value === 'object' && value !== null && 'event' in value && isEventField(value.event)) fromEvent[name] = value.event;
    else {
      const field = fields.find((candidate) => candidate.name === name);
      const scalar = value as string | number | boolean;
      params[name] = field?.kind === 'date' && typeof scalar === 'string' ? dayjs(scalar) : scalar;
    }
  }
  return {
    name: rule.name,
    enabled: rule.enabled,
    trigger: rule.trigger,
    cron: rule.cron ?? undefined,
    timezone: rule.timezone,
    event: rule.event ?? undefined,
    companyIds: rule.conditions?.companyIds ?? [],
    templateId: rule.templateId,
    params,
    fromEvent,
    title: rule.title,
    dedupeKey: rule.dedupeKey,
  };
}

/** The body of POST/PUT rules from the form; what the trigger does not use is sent empty. */
export function ruleBodyOf(values: RuleFormValues, fields: readonly ParamField[]): RuleBody {
  const params: NonNullable<RuleBody['params']> = {};
  for (const field of fields) {
    const fromEvent = values.trigger === 'event' ? values.fromEvent?.[field.name] : undefined;
    if (fromEvent) {
      params[field.name] = { event: fromEvent };
      continue;
    }
    const value = paramValueOf(field, values.params?.[field.name]);
    if (value !== undefined) params[field.name] = value;
  }
  const schedule = values.trigger === 'schedule';
  const event = values.trigger === 'event';
  return {
    name: values.name.trim(),
    enabled: values.enabled,
    trigger: values.trigger,
    cron: schedule ? (values.cron ?? '').trim() : null,
    timezone: values.timezone || DEFAULT_TIMEZONE,
    event: event ? (values.event ?? 'news.approved') : null,
    conditions: event ? { companyIds: values.companyIds ?? [] } : {},
    templateId: values.templateId ?? 0,
    params,
    title: (values.title ?? '').trim(),
    dedupeKey: (values.dedupeKey ?? '').trim(),
  };
}

/** A 422's reasons on the form's names: `conditions.companyIds` is the watch-list, `params.x` the params. */
export function ruleErrorsOf(errors: Record<string, unknown> | undefined | null) {
  return paramErrorsOf(errors).map((entry) =>
    entry.name.join('.') === 'conditions.companyIds' || entry.name[0]?.startsWith('conditions.') ? { ...entry, name: ['companyIds'] } : entry,
  );
}

/** The dedupe key the server fills in when none is given, shown as the field's placeholder. */
export function defaultDedupeKey(trigger: RuleTrigger): string {
  if (trigger === 'event') return '{{rule}}:{{event.newsItemId}}';
  if (trigger === 'schedule') return '{{rule}}:{{scheduledAt}}';
  return '{{rule}}:{{runId}}';
}

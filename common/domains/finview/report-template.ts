import Type from 'typebox';
import Value from 'typebox/value';
import {
  BarChartContent,
  BindName,
  BrandSchema,
  ImageSchema,
  LineChartContent,
  LocaleField,
  ShortText,
  TEMPLATE_SCHEMA_VERSION,
  Text,
  bindItem,
  contentProblems,
  schemaProblems,
  strict,
  tableContent,
  type Brand,
  type BoundData,
  type Check,
  type TemplateLocale,
} from './template';

// A report template: the same brand, charts and tables as a video, laid out as pages of a PDF.
// Tables may run over many pages (their header repeats); a page break section starts a new page.

const REPORT_TABLE_ROWS = 5000;
const Bindable = { bind: Type.Optional(BindName) };

export const ReportSectionSchema = Type.Union([
  Type.Object({ kind: Type.Literal('heading'), text: ShortText }, strict),
  Type.Object({ kind: Type.Literal('paragraph'), text: Type.String({ maxLength: 20_000 }) }, strict),
  Type.Object({ kind: Type.Literal('bar-chart'), ...Bindable, ...BarChartContent }, strict),
  Type.Object({ kind: Type.Literal('line-chart'), ...Bindable, ...LineChartContent }, strict),
  Type.Object({ kind: Type.Literal('table'), ...Bindable, ...tableContent(REPORT_TABLE_ROWS) }, strict),
  Type.Object({ kind: Type.Literal('page-break') }, strict),
]);

export const ReportTemplateSchema = Type.Object(
  {
    schemaVersion: Type.Literal(TEMPLATE_SCHEMA_VERSION),
    title: ShortText,
    subtitle: Type.Optional(Text),
    brand: BrandSchema,
    locale: LocaleField,
    page: Type.Object({ size: Type.Enum(['A4', 'Letter']), landscape: Type.Boolean() }, strict),
    logo: Type.Optional(ImageSchema),
    sections: Type.Array(ReportSectionSchema, { maxItems: 1000 }),
  },
  strict,
);

export type ReportSection = Type.Static<typeof ReportSectionSchema>;
export type ReportTemplate = Type.Static<typeof ReportTemplateSchema>;

/** A report template with its data applied: sections complete, the logo a data URL. */
export interface BoundReport {
  title: string;
  subtitle?: string;
  brand: Brand;
  locale?: TemplateLocale;
  page: ReportTemplate['page'];
  logoDataUrl?: string;
  sections: ReportSection[];
}

const REPORT_CONTENT: Record<string, Type.TObject> = {
  'bar-chart': Type.Object(BarChartContent, strict),
  'line-chart': Type.Object(LineChartContent, strict),
  table: Type.Object(tableContent(REPORT_TABLE_ROWS), strict),
};

export function checkReportTemplate(value: unknown): Check<ReportTemplate> {
  if (!Value.Check(ReportTemplateSchema, value)) return { ok: false, problems: schemaProblems(ReportTemplateSchema, value) };
  const template = value as ReportTemplate;
  const problems = template.sections.flatMap((section, index) => contentProblems(section, `/sections/${index}`));
  return problems.length === 0 ? { ok: true, value: template } : { ok: false, problems };
}

export function bindReportTemplate(template: ReportTemplate, data: BoundData = {}): Check<BoundReport> {
  const problems: string[] = [];
  const sections = template.sections.map((section, index) => {
    const at = `/sections/${index}`;
    const bound = bindItem(section, at, data, problems, REPORT_CONTENT);
    problems.push(...contentProblems(bound, at));
    return bound;
  });
  const head = bindItem({ kind: 'head', title: template.title, subtitle: template.subtitle, image: template.logo }, '/logo', data, problems);
  if (problems.length > 0) return { ok: false, problems };
  const logo = head.image;
  return {
    ok: true,
    value: {
      title: head.title,
      ...(head.subtitle === undefined ? {} : { subtitle: head.subtitle }),
      brand: template.brand,
      ...(template.locale ? { locale: template.locale } : {}),
      page: template.page,
      ...(logo && 'dataUrl' in logo ? { logoDataUrl: logo.dataUrl } : {}),
      sections,
    },
  };
}

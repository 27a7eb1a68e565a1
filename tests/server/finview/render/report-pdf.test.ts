import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { createReportRenderer, reportHtml } from '../../../../server/src/modules/finview/render/report-pdf';
import { bindReportTemplate, checkReportTemplate, type BoundReport, type ReportTemplate } from '../../../../common/domains/finview/report-template';
import { reportTemplate } from '../../../fixtures/finview-reports';

function bound(template: ReportTemplate, values: Record<string, unknown> = { company: 'Bench Holdings' }): BoundReport {
  const checked = checkReportTemplate(template);
  if (!checked.ok) throw new Error(checked.problems.join('\n'));
  const result = bindReportTemplate(checked.value, { values });
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.value;
}

/** Pages of the PDF, as a PDF reader finds them (pdf-lib parses the whole document). */
async function pageCount(pdf: Buffer): Promise<number> {
  return (await PDFDocument.load(pdf)).getPageCount();
}

const HOSTILE = '</p><script>document.title="x"</script><img src="http://127.0.0.1:9/leak">';

describe('report PDF', () => {
  const renderer = createReportRenderer();
  afterAll(() => renderer.close());

  it('prints a three-page report (page breaks between pages) with one browser for several reports', async () => {
    const report = bound(reportTemplate(3));
    const [pdf, again] = await Promise.all([renderer.render(report), renderer.render(report)]);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pageCount(pdf)).toBe(3);
    expect(await pageCount(again)).toBe(3);
    await renderer.render(report);
    expect(renderer.launches()).toBe(1);
  });

  it('runs tables over several pages', async () => {
    const template = reportTemplate(1);
    template.sections = [
      { kind: 'table', columns: ['Row', 'Value'], rows: Array.from({ length: 200 }, (_, index) => [`Row ${index}`, index]) },
    ];
    expect(await pageCount(await renderer.render(bound(template)))).toBeGreaterThanOrEqual(4);
  });

  it('stops a screenshot when its signal aborts (a preview past its time), and draws the next one', async () => {
    const template = reportTemplate(1);
    template.sections = [{ kind: 'table', columns: ['Row', 'Value'], rows: Array.from({ length: 2000 }, (_, index) => [`Row ${index}`, index]) }];
    const report = bound(template);
    const controller = new AbortController();
    const stopped = renderer.screenshot(report, 800, controller.signal);
    setTimeout(() => controller.abort(), 20);
    await expect(stopped).rejects.toThrow();
    await expect(renderer.screenshot(report, 800, controller.signal)).rejects.toThrow();
    const drawn = await renderer.screenshot(bound(reportTemplate(1)), 800);
    expect(drawn.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('keeps user text as text in the document', () => {
    const template = reportTemplate(1);
    template.sections = [
      { kind: 'heading', text: HOSTILE },
      { kind: 'paragraph', text: `${HOSTILE}\n\n{{company}}` },
      { kind: 'table', title: HOSTILE, columns: [HOSTILE], rows: [[HOSTILE]] },
      { kind: 'bar-chart', title: HOSTILE, labels: [HOSTILE], values: [1] },
    ];
    const html = reportHtml(bound(template, { company: '<b>Evil</b>' }));
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img src="http');
    expect(html).toContain('&lt;script&gt;document.title=&quot;x&quot;&lt;/script&gt;');
    expect(html).toContain('<p>&lt;b&gt;Evil&lt;/b&gt;</p>');
  });

  it('says which section and which data are wrong', () => {
    const template = reportTemplate(1);
    template.sections = [
      { kind: 'bar-chart', labels: ['a', 'b'], values: [1] },
      { kind: 'table', columns: ['a'], rows: [], bind: 'rows' },
    ];
    expect(checkReportTemplate(template)).toEqual({ ok: false, problems: ['/sections/0/values must have one value per label'] });
    template.sections.shift();
    const result = bindReportTemplate(template, { values: { rows: { rows: [['x', 'y']] } } });
    expect(result).toEqual({ ok: false, problems: ['/sections/0/rows/0 has more cells than columns'] });
  });
});

import type { PluginData } from '../../../../common/domains/finview/model.js';

// A source's answer shaped as the bound scene's (or report section's) content (docs/finview.md
// "Plugins", the fitting table). Texts are cut to the template schema's lengths so real data
// never fails a render for being long.

const BAR_LABELS = 40;
const VIDEO_TABLE_ROWS = 60;
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const cell = (value: string | number) => (typeof value === 'number' ? value : cut(value, 200));
const short = (text: string) => cut(text, 120);
/** A ticker needs at least one item: an empty source shows a dash rather than failing. */
const atLeastOne = (items: string[]) => (items.length > 0 ? items.slice(0, 100) : ['—']);

/** Content for `kind`, or null when the shape does not fit it. `target` decides the table's row cap. */
export function fitData(data: PluginData, kind: string, target: 'video' | 'report'): Record<string, unknown> | null {
  const tableRows = target === 'video' ? VIDEO_TABLE_ROWS : 5000;
  if (data.shape === 'series') {
    const labels = data.labels.map(short);
    switch (kind) {
      case 'bar-chart':
        return { labels: labels.slice(-BAR_LABELS), values: data.values.slice(-BAR_LABELS) };
      case 'line-chart':
        return { labels: labels.slice(-2000), series: [{ name: short(data.name), values: data.values.slice(-2000) }] };
      case 'table':
        return { columns: ['', short(data.name)], rows: labels.map((label, index) => [label, data.values[index] ?? 0]).slice(-tableRows) };
      case 'ticker':
        return { items: atLeastOne(labels.map((label, index) => cut(`${label}: ${data.values[index] ?? 0}`, 500)).slice(-100)) };
      default:
        return null;
    }
  }
  if (data.shape === 'rows') {
    switch (kind) {
      case 'table':
        return { columns: data.columns.slice(0, 12).map(short), rows: data.rows.slice(0, tableRows).map((row) => row.slice(0, 12).map(cell)) };
      case 'ticker':
        return { items: atLeastOne(data.rows.map((row) => cut(row.join(' · '), 500))) };
      default:
        return null;
    }
  }
  switch (kind) {
    case 'ticker':
      return { items: atLeastOne(data.items.map((item) => cut(item, 500))) };
    case 'table':
      return { columns: [''], rows: data.items.slice(0, tableRows).map((item) => [cut(item, 200)]) };
    default:
      return null;
  }
}

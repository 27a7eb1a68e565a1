import type { BoundData, BoundVideo } from '../../../../common/domains/finview/template.js';
import type { BoundReport } from '../../../../common/domains/finview/report-template.js';
import { assertDataUrlPixels, LOGO_MAX_PIXELS } from '../../lib/upload-guard/image.js';

// The logos a template carries as data URLs (a logo scene's image, a report's logo), checked by
// the image guard from their headers: at save, so a decompression bomb is refused where it is
// entered, and again before a preview or render draws them (templates stored before the check,
// and logos a blob id brings in at bind time).

const record = (value: unknown): Record<string, unknown> | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null);

function dataUrlOf(image: unknown): string | null {
  const dataUrl = record(image)?.dataUrl;
  return typeof dataUrl === 'string' ? dataUrl : null;
}

/** The data URLs of a body as sent (not yet checked against the schema), by field. */
function bodyImages(body: unknown, field: string): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  const value = record(body);
  const logo = dataUrlOf(value?.logo);
  if (logo !== null) found.push([`${field}.logo`, logo]);
  const scenes = Array.isArray(value?.scenes) ? (value.scenes as unknown[]) : [];
  scenes.forEach((scene, index) => {
    const image = dataUrlOf(record(scene)?.image);
    if (image !== null) found.push([`${field}.scenes.${index}.image`, image]);
  });
  return found;
}

/** 422 `imageTooLarge` (reason on the image's field) when a logo of the body has too many pixels. */
export async function assertTemplateImages(body: unknown, field = 'body'): Promise<void> {
  for (const [at, dataUrl] of bodyImages(body, field)) await assertDataUrlPixels(dataUrl, LOGO_MAX_PIXELS, { field: at });
}

/** The logos a blob id brings in (resolveBindings' `images`), before a render is queued. */
export async function assertDataImages(data: BoundData): Promise<void> {
  for (const dataUrl of Object.values(data.images ?? {})) await assertDataUrlPixels(dataUrl, LOGO_MAX_PIXELS);
}

/** The same for a bound video or report, whose logos may have come from the blob store. */
export async function assertBoundImages(bound: BoundVideo | BoundReport): Promise<void> {
  if ('scenes' in bound) await assertTemplateImages(bound);
  else if (bound.logoDataUrl !== undefined) await assertDataUrlPixels(bound.logoDataUrl, LOGO_MAX_PIXELS, { field: 'body.logo' });
}

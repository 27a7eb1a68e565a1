// Control characters, path separators and quotes have no place in a name offered on download.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const UNSAFE_NAME = /[\u0000-\u001f\u007f/\\"]/g;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The text with every lone surrogate replaced: it can then be stored and logged. */
export const wellFormed = (text: string) => text.replace(LONE_SURROGATE, '\ufffd');

/** A client's file name made safe to keep and offer on download (at most 255 characters), or `fallback`. */
export function cleanFilename(name: string | undefined, fallback: string): string {
  const cleaned = wellFormed(name ?? '').replace(UNSAFE_NAME, '_').trim().slice(0, 255);
  return cleaned || fallback;
}

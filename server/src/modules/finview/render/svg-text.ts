// Text in frames comes from users (news titles, company names): every piece goes through
// escapeXml, which also drops characters XML 1.0 forbids, since one of them would make the whole
// frame unparseable. Widths are measured with DejaVu's advance widths so a ticker can loop
// seamlessly and labels can be shortened to fit without asking the rasteriser.

// Advance widths in thousandths of an em for U+0020..U+007E, read from Debian's DejaVuSans.ttf
// and DejaVuSans-Bold.ttf (hmtx through the cmap).
const REGULAR = [
  318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636, 636, 636, 636,
  636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
  603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635,
  634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
];
const BOLD = [
  348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696, 696, 696, 696, 696,
  696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,
  733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716, 678, 435, 716,
  712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
];

// Characters outside XML 1.0's Char production (controls, lone surrogates, U+FFFE/U+FFFF).
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Safe as element text and as a quoted attribute value. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML_CHAR, '').replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char);
}

function charWidth(codePoint: number, bold: boolean): number {
  if (codePoint >= 0x20 && codePoint <= 0x7e) return ((bold ? BOLD : REGULAR)[codePoint - 0x20] ?? 600) / 1000;
  if (codePoint === 0x2026) return 1; // the ellipsis fitText adds
  // Wide scripts (CJK and after) take about a full em; other letters about an average Latin one.
  if (codePoint >= 0x2e80) return 1;
  return bold ? 0.68 : 0.62;
}

/** Width of a single line of text at `fontSize` pixels. */
export function textWidth(text: string, fontSize: number, bold = false): number {
  let width = 0;
  for (const char of text) width += charWidth(char.codePointAt(0) ?? 0x20, bold);
  return width * fontSize;
}

/** The text, shortened with an ellipsis when wider than `maxWidth`. */
export function fitText(text: string, fontSize: number, maxWidth: number, bold = false): string {
  if (textWidth(text, fontSize, bold) <= maxWidth) return text;
  const chars = [...text];
  let width = textWidth('…', fontSize, bold);
  let kept = 0;
  while (kept < chars.length) {
    const next = width + textWidth(chars[kept] ?? '', fontSize, bold);
    if (next > maxWidth) break;
    width = next;
    kept += 1;
  }
  return kept === 0 ? '' : `${chars.slice(0, kept).join('').trimEnd()}…`;
}

/** A font size no larger than `size` at which `text` fits in `maxWidth`. */
export function fitFontSize(text: string, size: number, maxWidth: number, bold = false): number {
  const width = textWidth(text, size, bold);
  return width <= maxWidth ? size : Math.max(1, (size * maxWidth) / width);
}

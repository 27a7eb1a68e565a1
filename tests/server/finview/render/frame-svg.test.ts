import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { frameCount, frameSvg, sceneBounds } from '../../../../server/src/modules/finview/render/frame-svg';
import { bindVideoTemplate, checkVideoTemplate, type BoundVideo, type Scene, type VideoTemplate } from '../../../../common/domains/finview/template';
import { BRAND, EVERY_KIND, TINY_PNG_DATA_URL, videoTemplate } from '../../../fixtures/finview-templates';

function bound(template: VideoTemplate, values: Record<string, unknown> = {}): BoundVideo {
  const checked = checkVideoTemplate(template);
  if (!checked.ok) throw new Error(checked.problems.join('\n'));
  const result = bindVideoTemplate(checked.value, { values });
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.value;
}

function only(scene: Scene): BoundVideo {
  return bound(videoTemplate({ durationSeconds: 2, scenes: [{ ...scene, start: 0, end: 2 } as Scene] }));
}

/** Pixels that differ from the brand background: librsvg parsed the SVG and drew something. */
async function drawnPixels(svg: string): Promise<number> {
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const background = [0x0b, 0x1f, 0x3a];
  let count = 0;
  for (let offset = 0; offset < data.length; offset += info.channels) {
    if (background.some((value, channel) => Math.abs((data[offset + channel] ?? 0) - value) > 8)) count += 1;
  }
  return count;
}

const HOSTILE = `</text><script>alert("x")</script><text x='1'>&amp;\u0001\u0008\uD800\uFFFE ok`;

describe('frame-svg', () => {
  it('escapes every text that comes from users, so the frame stays one valid SVG document', async () => {
    const template = videoTemplate({
      durationSeconds: 2,
      scenes: [
        { kind: 'title', start: 0, end: 2, title: HOSTILE, subtitle: '{{company}}' },
        { kind: 'bar-chart', start: 0, end: 2, title: HOSTILE, labels: [HOSTILE, 'b'], values: [1, 2], unit: '<%>' },
        { kind: 'line-chart', start: 0, end: 2, labels: [HOSTILE, 'b'], series: [{ name: HOSTILE, values: [1, 2] }, { name: 'two', values: [2, 1] }] },
        { kind: 'table', start: 0, end: 2, columns: [HOSTILE], rows: [[HOSTILE]] },
        { kind: 'ticker', start: 0, end: 2, items: [HOSTILE] },
        { kind: 'text', start: 0, end: 2, text: `${HOSTILE}\nsecond line`, x: 0.5, y: 0.5, size: 0.05, align: 'middle' },
      ],
    });
    const svg = frameSvg(bound(template, { company: '<b>Evil & Co</b>' }), 45);
    expect(svg).not.toContain('<script');
    // Every <text> the drawer opened is the one it closes: no user text ended one early.
    expect(svg.match(/<text /g)?.length).toBe(svg.match(/<\/text>/g)?.length);
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(svg).toContain('&lt;b&gt;Evil &amp; Co&lt;/b&gt;');
    expect(svg).toContain('&amp;amp;');
    for (const forbidden of ['\u0001', '\u0008', '\uD800', '\uFFFE']) expect(svg).not.toContain(forbidden);
    // librsvg refuses malformed XML: drawing it proves the document parses.
    expect(await drawnPixels(svg)).toBeGreaterThan(1000);
  });

  it('draws each scene kind', async () => {
    for (const scene of EVERY_KIND) {
      const svg = frameSvg(only(scene), 45);
      const marker = {
        title: '>Quarterly news</text>',
        'bar-chart': `fill="${BRAND.palette[1]}"`,
        'line-chart': '<polyline',
        table: '>Trading update</text>',
        ticker: '>BHP +2.1%</text>',
        logo: `xlink:href="${TINY_PNG_DATA_URL}"`,
        text: '>finview</text>',
      }[scene.kind];
      expect(svg, scene.kind).toContain(marker);
      expect(await drawnPixels(svg), scene.kind).toBeGreaterThan(50);
    }
  });

  it('paints each scene only inside its bounds, which a partly redrawn frame relies on', async () => {
    for (const scene of EVERY_KIND) {
      const video = only(scene);
      const box = sceneBounds(video.scenes[0] as Scene, video.size);
      for (const frame of [3, 15, 59]) {
        const { data, info } = await sharp(Buffer.from(frameSvg(video, frame))).removeAlpha().raw().toBuffer({ resolveWithObject: true });
        let outside = 0;
        for (let y = 0; y < info.height; y += 1) {
          for (let x = 0; x < info.width; x += 1) {
            if (x >= Math.floor(box.x) && x < box.x + box.width && y >= Math.floor(box.y) && y < box.y + box.height) continue;
            const offset = (y * info.width + x) * 3;
            if (data[offset] !== 0x0b || data[offset + 1] !== 0x1f || data[offset + 2] !== 0x3a) outside += 1;
          }
        }
        expect(outside, `${scene.kind} at frame ${frame}`).toBe(0);
      }
    }
  });

  it('grows bars from zero, then draws the same frame until the scene ends', () => {
    const video = only({ kind: 'bar-chart', start: 0, end: 2, labels: ['a', 'b'], values: [10, 20], growSeconds: 1 });
    const heights = (frame: number) => [...frameSvg(video, frame).matchAll(/<rect x="[^"]+" y="[^"]+" width="[^"]+" height="([^"]+)" fill="#(?:3d8bfd|20c997)"/g)].map((match) => Number(match[1]));
    expect(heights(0)).toEqual([0, 0]);
    const middle = heights(12);
    const end = heights(31);
    expect(middle[0]).toBeGreaterThan(0);
    expect(middle[0]).toBeLessThan(end[0] ?? 0);
    expect(end[1]).toBeCloseTo((end[0] ?? 0) * 2, 0);
    expect(frameSvg(video, 40)).toBe(frameSvg(video, 59));
  });

  it('draws lines from left to right', () => {
    const video = only({ kind: 'line-chart', start: 0, end: 2, labels: ['a', 'b', 'c', 'd'], series: [{ name: 's', values: [1, 3, 2, 4] }], drawSeconds: 1 });
    const points = (frame: number) => (frameSvg(video, frame).match(/points="([^"]*)"/)?.[1] ?? '').split(' ').filter(Boolean).length;
    expect(points(0)).toBe(0);
    expect(points(6)).toBeGreaterThan(1);
    expect(points(6)).toBeLessThan(4);
    expect(points(40)).toBe(4);
  });

  it('scrolls the ticker from the right edge to the left', () => {
    const video = only({ kind: 'ticker', start: 0, end: 2, items: ['ONE', 'TWO'], speed: 0.5 });
    const firstX = (frame: number) => Number(frameSvg(video, frame).match(/<text x="([^"]+)"[^>]*>ONE</)?.[1] ?? Number.NaN);
    expect(frameSvg(video, 0)).not.toContain('>ONE<');
    expect(firstX(10)).toBeLessThan(320);
    expect(firstX(20)).toBeLessThan(firstX(10));
  });

  it('draws only the scenes active at the frame, in list order', () => {
    const video = bound(videoTemplate());
    expect(frameCount(video)).toBe(120);
    const svg = frameSvg(video, 15);
    expect(svg).toContain('Quarterly news');
    expect(svg).not.toContain('Share price');
    expect(svg.indexOf('BHP +2.1%')).toBeLessThan(svg.indexOf('>finview<'));
  });
});

describe('template checks', () => {
  const problemsOf = (value: unknown) => {
    const result = checkVideoTemplate(value);
    return result.ok ? [] : result.problems;
  };

  it('accepts the sample template and refuses what could break out of an attribute or the frame', () => {
    expect(problemsOf(videoTemplate())).toEqual([]);
    expect(problemsOf(videoTemplate({ brand: { ...BRAND, accent: '#fff" onload="x' } }))).not.toEqual([]);
    expect(problemsOf(videoTemplate({ size: { width: 321, height: 180 } }))).not.toEqual([]);
    const svgLogo: Scene = { kind: 'logo', start: 0, end: 1, image: { dataUrl: 'data:image/svg+xml;base64,PHN2Zy8+' }, position: 'center', size: 0.2 };
    expect(problemsOf(videoTemplate({ scenes: [svgLogo] }))).not.toEqual([]);
  });

  it('says which scene is wrong and why', () => {
    const scenes: Scene[] = [
      { kind: 'text', start: 2, end: 1, text: 'x', x: 0, y: 0, size: 0.1, align: 'start' },
      { kind: 'bar-chart', start: 0, end: 9, labels: ['a'], values: [1, 2] },
    ];
    expect(problemsOf(videoTemplate({ scenes }))).toEqual([
      '/scenes/0/end must be after start',
      '/scenes/1/end must be at most the duration',
      '/scenes/1/values must have one value per label',
    ]);
  });

  it('binds data to scenes and refuses data of the wrong shape', () => {
    const template = videoTemplate({
      scenes: [
        { kind: 'bar-chart', start: 0, end: 1, labels: [], values: [], bind: 'counts' },
        { kind: 'logo', start: 0, end: 1, image: { blobId: 'logo-1' }, position: 'center', size: 0.2 },
      ],
    });
    const good = bindVideoTemplate(template, { values: { counts: { labels: ['a', 'b'], values: [1, 2] } }, images: { 'logo-1': TINY_PNG_DATA_URL } });
    expect(good.ok && good.value.scenes[0]).toMatchObject({ labels: ['a', 'b'], values: [1, 2] });
    expect(good.ok && good.value.scenes[1]).toMatchObject({ image: { dataUrl: TINY_PNG_DATA_URL } });

    const missing = bindVideoTemplate(template, {});
    expect(missing.ok ? [] : missing.problems).toEqual(['/scenes/0: no data for "counts"', '/scenes/1/image: blob logo-1 is not a PNG or JPEG data URL']);
    const wrong = bindVideoTemplate(template, { values: { counts: { labels: ['a'], values: ['1'] } }, images: { 'logo-1': TINY_PNG_DATA_URL } });
    expect(wrong.ok).toBe(false);
    const uneven = bindVideoTemplate(template, { values: { counts: { labels: ['a'], values: [1, 2] } }, images: { 'logo-1': TINY_PNG_DATA_URL } });
    expect(uneven.ok ? [] : uneven.problems).toEqual(['/scenes/0/values must have one value per label']);
  });
});

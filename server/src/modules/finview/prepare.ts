import type { Scene, VideoTemplate } from '../../../../common/domains/finview/template.js';

// What a render draws beyond its template: the firm's watermark (settings), bottom right on
// every frame of a video; a report carries it to its page footer (report-queue.ts).

/** The template with the watermark as a last text scene over the whole video (drawn on top). */
export function withWatermark(template: VideoTemplate, watermark: string): VideoTemplate {
  const text = watermark.trim();
  if (!text) return template;
  const scene: Scene = {
    kind: 'text',
    start: 0,
    end: template.durationSeconds,
    text,
    x: 0.98,
    y: 0.96,
    size: 0.03,
    align: 'end',
    colour: template.brand.foreground,
  };
  return { ...template, scenes: [...template.scenes, scene] };
}

/** A file name from a title: letters, digits and dashes (Content-Disposition quotes the rest anyway). */
export function fileNameOf(title: string, id: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return slug ? `${slug}-${id.slice(0, 8)}` : id;
}

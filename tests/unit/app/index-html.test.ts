import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { withDeferredEntry, withDrawing, withoutDrawing } from '../../../src/prerender/index-html';

// How the build writes the drawing of the login page and the app's loader into index.html.

const BUILT = `<!doctype html><html><head><title>Backoffice</title>
<script type="module" crossorigin src="./assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="./assets/vendor-b.js">
<link rel="modulepreload" crossorigin href="./assets/login-page-c.js">
</head><body><div id="root"><div class="boot"></div></div></body></html>`;

const DRAWING = { html: '<main><h1>Sign in</h1></main>', css: 'h1{margin:0}' };

/** Runs the page's loader script against a fake document; returns what it added and what it scheduled. */
function runLoader(page: string, { prerenderOff = false, drawn = true } = {}) {
  const script = /<script>([\s\S]*?)<\/script>/.exec(page)?.[1];
  if (!script) throw new Error('no inline script');
  const added: Record<string, string>[] = [];
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const document = {
    documentElement: { getAttribute: () => (prerenderOff ? 'off' : null) },
    querySelector: () => (drawn ? {} : null),
    createElement: (tag: string) => ({ tag }),
    head: { appendChild: (element: Record<string, string>) => void added.push(element) },
  };
  runInNewContext(script, {
    document,
    requestAnimationFrame: (callback: () => void) => void frames.push(callback),
    setTimeout: (callback: () => void) => void timers.push(callback),
  });
  return { added, frames, timers };
}

describe('index.html as built', () => {
  it('holds the drawing and its CSS, and the page without them is the page as it was', () => {
    const drawn = withDrawing(BUILT, DRAWING);
    expect(drawn).toContain('<div id="root"><!--prerender--><div class="prerender"><main><h1>Sign in</h1></main></div><!--/prerender-->');
    expect(drawn).toContain('h1{margin:0}');
    expect(withoutDrawing(drawn)).toBe(BUILT);
  });

  it('asks for the entry and its preloads from one inline script, after the first frame where the drawing is shown', () => {
    const page = withDeferredEntry(withDrawing(BUILT, DRAWING));
    expect(page).not.toContain('<script type="module"');
    expect(page).not.toContain('rel="modulepreload"');

    const shown = runLoader(page);
    expect(shown.added).toEqual([]);
    shown.frames.forEach((frame) => frame());
    shown.timers.forEach((timer) => timer());
    expect(shown.added.map(({ tag, href, src }) => [tag, href ?? src])).toEqual([
      ['link', './assets/vendor-b.js'],
      ['link', './assets/login-page-c.js'],
      ['script', './assets/index-a.js'],
    ]);
    expect(shown.added.find(({ tag }) => tag === 'script')).toMatchObject({ type: 'module', crossOrigin: '' });

    for (const hidden of [runLoader(page, { prerenderOff: true }), runLoader(page, { drawn: false })]) {
      expect(hidden.added).toHaveLength(3);
      expect(hidden.frames).toHaveLength(0);
    }
  });

  it('refuses a page without exactly one entry script', () => {
    expect(() => withDeferredEntry('<html><body></body></html>')).toThrow(/0 entry scripts/);
  });
});

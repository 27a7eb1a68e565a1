import { PLAIN_INDEX, PRERENDER_ATTRIBUTE } from '../../common/config/prerendered-look';

// How the build writes index.html's drawing of the login page (login-markup.tsx) and the
// script that loads the app. Plain string work on the built page, so tests run it on any HTML.

export { PLAIN_INDEX };

const DRAWING_START = '<!--prerender-->';
const DRAWING_END = '<!--/prerender-->';
const ROOT_OPEN = '<div id="root">';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/** The drawing's CSS and markup, marked so that `withoutDrawing` can take them out again. */
export function withDrawing(page: string, drawing: { html: string; css: string }): string {
  if (!page.includes(ROOT_OPEN) || !page.includes('</head>')) throw new Error('prerender: index.html has no <div id="root"> or </head>');
  // While the drawing is shown the spinner is not, and a reader the boot script turns it off for sees the spinner.
  const css =
    `html:not([${PRERENDER_ATTRIBUTE}="off"]) #root > .boot { display: none; }` +
    `html[${PRERENDER_ATTRIBUTE}="off"] #root > .prerender { display: none; }` +
    drawing.css;
  return page
    .replace('</head>', `${DRAWING_START}<style>${css}</style>${DRAWING_END}</head>`)
    .replace(ROOT_OPEN, `${ROOT_OPEN}${DRAWING_START}<div class="prerender">${drawing.html}</div>${DRAWING_END}`);
}

/** The same page without the drawing: what the server sends when the configured defaults give another look. */
export function withoutDrawing(page: string): string {
  const parts = page.split(DRAWING_START);
  return parts.map((part, index) => (index === 0 ? part : part.slice(part.indexOf(DRAWING_END) + DRAWING_END.length))).join('');
}

/**
 * Moves the app's entry script and its module preloads into one inline script at the end of
 * <body>. Where the drawing is shown, it asks for them after the first frame is painted:
 * requested from <head>, they are high-priority scripts the browser starts before it paints,
 * and Lighthouse counts their download against the first paint. Otherwise it asks at once.
 * The server allows the script by its hash, as it does the boot script.
 */
export function withDeferredEntry(page: string): string {
  const entries = [...page.matchAll(ENTRY_SCRIPT)].map((match) => match[1]);
  const preloads = [...page.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  if (entries.length !== 1) throw new Error(`prerender: index.html has ${entries.length} entry scripts, expected 1`);
  const json = (value: unknown) => JSON.stringify(value);
  const loader = `(function () {
  function add(tag, attributes) {
    var element = document.createElement(tag);
    element.crossOrigin = '';
    for (var name in attributes) element[name] = attributes[name];
    document.head.appendChild(element);
  }
  var loaded = false;
  function load() {
    if (loaded) return;
    loaded = true;
    ${json(preloads)}.forEach(function (href) { add('link', { rel: 'modulepreload', href: href }); });
    add('script', { type: 'module', src: ${json(entries[0])} });
  }
  var drawn = document.documentElement.getAttribute(${json(PRERENDER_ATTRIBUTE)}) !== 'off' && document.querySelector('#root > .prerender');
  if (!drawn) return load();
  // After the first frame; the timer alone also covers a tab opened in the background, where frames wait.
  requestAnimationFrame(function () { setTimeout(load, 0); });
  setTimeout(load, 100);
})();`;
  return page.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '').replace('</body>', `<script>${loader}</script>\n  </body>`);
}

// Scripts and stylesheets that failed to load, as the browser reported them.
// A dynamic import's error names only the chunk it asked for; when one of that
// chunk's dependencies or its stylesheet is what failed, this list names it.
const failures: string[] = [];

function record(event: Event): void {
  const target = event.target;
  if (target instanceof HTMLLinkElement && target.href) failures.push(target.href);
  else if (target instanceof HTMLScriptElement && target.src) failures.push(target.src);
}

/** Listens in the capture phase: load errors of elements do not bubble to window. */
export function watchAssetFailures(target: Window = window): () => void {
  target.addEventListener('error', record, true);
  return () => target.removeEventListener('error', record, true);
}

export function failedAssets(): string[] {
  return [...new Set(failures)];
}

/**
 * The text boxes of index.html's drawing of the login page (login-markup.tsx) with these ids,
 * while the drawing is still in the page: until the app's first commit takes its place.
 */
export function drawnInputs(ids: readonly string[]): Map<string, HTMLInputElement> {
  const found = new Map<string, HTMLInputElement>();
  if (typeof document === 'undefined') return found;
  for (const id of ids) {
    const input = document.querySelector(`#root > .prerender input[id="${id}"]`);
    if (input instanceof HTMLInputElement) found.set(id, input);
  }
  return found;
}

/** Which of them the reader is in, if any. */
export function focusedDrawnInput(inputs: Map<string, HTMLInputElement>): string | undefined {
  return [...inputs].find(([, input]) => input === document.activeElement)?.[0];
}

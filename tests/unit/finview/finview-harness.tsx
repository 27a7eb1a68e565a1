import type { CustomParams, DataProvider } from '@refinedev/core';
import type { ReactElement } from 'react';
import { provider as dataProvider, renderRoute } from './harness';

// The template, plugin and settings page tests: a data provider whose `custom` plays the
// server, every custom call recorded for the test to read (on ./harness's providers).

export { waitFor } from './harness';

export function fakeServer(answer: (params: CustomParams, calls: readonly CustomParams[]) => unknown) {
  const calls: CustomParams[] = [];
  const provider: DataProvider = dataProvider({
    custom: async (params) => {
      calls.push(params);
      return { data: answer(params, calls) as never };
    },
  });
  return { calls, provider };
}

/** Renders `element` at `url`, matched by the route `path`. */
export function renderAt(provider: DataProvider, path: string, url: string, element: ReactElement) {
  renderRoute(path, url, element, provider);
}

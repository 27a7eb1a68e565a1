// Saved views and list preferences (issue 25 item 3): the values the server checks and the
// list's tools offer. Plain data only: the client's bundle takes these without TypeBox.

/** Where the views module is mounted under the API base, for the server's routes and the pages' calls. */
export const VIEWS_ENDPOINT = 'be-api-management/views';

/** antd Table sizes: comfortable, default, compact. */
export const DENSITIES = ['large', 'middle', 'small'] as const;
export type Density = (typeof DENSITIES)[number];
export const DEFAULT_DENSITY: Density = 'middle';

/** A view's state as JSON may take at most this many bytes (UTF-8): a list's state, not a store. */
export const MAX_VIEW_STATE_BYTES = 16 * 1024;

/** Length of a view's name, after trimming. */
export const VIEW_NAME_MAX = 80;

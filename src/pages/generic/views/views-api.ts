import { useCustom, useCustomMutation } from '@refinedev/core';
import { apiPath } from '../../../../common/resources/generate';
import { VIEWS_ENDPOINT } from '../../../../common/domains/views/model';
import type { PreferencesValue, ViewAnswerValue, ViewBodyValue, ViewChangeValue } from '../../../../common/domains/views/schemas';

// The views module's calls (server/src/modules/views), sealed through the default data
// provider like every request; the path is the one the server mounts (common/domains/views).

export type SavedView = ViewAnswerValue;

const VIEWS = apiPath(VIEWS_ENDPOINT);
export const preferencesUrl = (resource: string) => `${VIEWS}/preferences/${encodeURIComponent(resource)}`;
const viewUrl = (id: string) => `${VIEWS}/${encodeURIComponent(id)}`;

/** The caller's views of one list and those shared with them; `refetch` after a change. */
export function useSavedViews(resource: string) {
  const { result, query } = useCustom<SavedView[]>({
    url: VIEWS,
    method: 'get',
    config: { query: { resource } },
    // A list without its views is still a list: the toolbar says nothing rather than a toast.
    errorNotification: false,
  });
  const views: SavedView[] = Array.isArray(result?.data) ? result.data : [];
  return { views, loading: query.isLoading, refetch: () => void query.refetch() };
}

/** Create, change and delete; failures come back to the caller (the dialog shows them), never as a toast of their own. */
export function useViewMutations() {
  const { mutateAsync, mutation } = useCustomMutation<SavedView>();
  const quiet = { successNotification: false as const, errorNotification: false as const };
  return {
    pending: mutation.isPending,
    create: async (body: ViewBodyValue) => (await mutateAsync({ url: VIEWS, method: 'post', values: body, ...quiet })).data,
    change: async (id: string, change: ViewChangeValue) => (await mutateAsync({ url: viewUrl(id), method: 'put', values: change, ...quiet })).data,
    remove: async (view: SavedView) => {
      await mutateAsync({ url: viewUrl(view.id), method: 'delete', values: { version: view.version }, ...quiet });
    },
  };
}

/** One user's columns and density of one list, as the server keeps them. */
export function useStoredPreferences(resource: string) {
  const url = preferencesUrl(resource);
  const { result, query } = useCustom<PreferencesValue>({ url, method: 'get', errorNotification: false });
  const { mutate } = useCustomMutation<PreferencesValue>();
  const stored = query.isSuccess && result?.data && 'density' in result.data ? result.data : undefined;
  return {
    stored,
    loaded: query.isFetched,
    save: (preferences: PreferencesValue, onSaved?: () => void) =>
      mutate(
        { url, method: 'put', values: preferences, successNotification: false },
        { onSuccess: () => { void query.refetch(); onSaved?.(); } },
      ),
  };
}

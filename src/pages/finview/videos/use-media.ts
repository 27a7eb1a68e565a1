import { useCustom } from '@refinedev/core';
import type { MediaAnswer } from '../../../../common/domains/finview/model';
import { useFinviewApi } from '../finview-api';

// Media URLs are tickets valid 10 minutes (docs/finview.md): asked for by a sealed POST when a
// succeeded output is on show. They are not renewed on a timer (a new src would stop a playing
// video): a page coming back after they lapse asks again, and the player asks on a load error.
const FRESH_MS = 5 * 60_000;

export function useMedia(outputId: number, enabled: boolean) {
  const api = useFinviewApi();
  const { query } = useCustom<MediaAnswer>({
    url: api.outputMedia(outputId),
    method: 'post',
    config: { payload: {} },
    queryOptions: { enabled, retry: false, staleTime: FRESH_MS, gcTime: FRESH_MS, refetchOnWindowFocus: false },
    errorNotification: false,
  });
  return { media: enabled ? query.data?.data : undefined, query };
}

import { useInvalidate } from '@refinedev/core';
import { useCallback, useEffect, useRef } from 'react';
import { useEndpointPath } from '../../registry/resource-urls';
import type { ResourceDefinition } from '../../../common/resources/types';
import { useTicketedStream } from '../live-stream';

/** Events within this long are one refresh: a feed run or a bulk action sends them in bursts. */
export const LIVE_COALESCE_MS = 1_000;

/**
 * The list re-reads itself when its resource's live stream says something changed
 * (`definition.list.liveChannel`: the event name the stream at `{endpoint}/events` sends, with
 * its ticket from `POST {endpoint}/events/ticket`, as announcements' does). Events are
 * coalesced, so a burst of a hundred costs one request; a reopened stream re-reads once, for
 * what it missed. Rendered only for a resource that declares a channel.
 */
export function LiveRefresh({ definition, channel }: { definition: ResourceDefinition; channel: string }) {
  const invalidate = useInvalidate();
  const base = useEndpointPath(definition.name);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const refresh = useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void invalidate({ resource: definition.name, invalidates: ['list'] });
    }, LIVE_COALESCE_MS);
  }, [invalidate, definition.name]);
  useTicketedStream({ ticketUrl: `${base}/events/ticket`, event: channel, onMessage: refresh, onReopened: refresh });
  return null;
}

import { useInvalidate } from '@refinedev/core';
import { useCallback, useEffect, useRef } from 'react';
import { useEndpointPath } from '../../registry/resource-urls';
import type { ResourceDefinition } from '../../../common/resources/types';
import { eventObject, useTicketedStream } from '../live-stream';

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
  const seen = useRef(new Set<string>());
  useEffect(() => () => clearTimeout(timer.current), []);
  const refresh = useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void invalidate({ resource: definition.name, invalidates: ['list'] });
    }, LIVE_COALESCE_MS);
  }, [invalidate, definition.name]);
  const ignores = definition.list?.liveIgnores;
  const onMessage = useCallback(
    (data: unknown) => {
      if (ignores?.length) {
        const key = eventKey(data, ignores);
        if (key !== undefined && seen.current.has(key)) return;
        if (key !== undefined) remember(seen.current, key);
      }
      refresh();
    },
    [ignores, refresh],
  );
  const onReopened = useCallback(() => {
    // What changed during the break is read once; events after it count as new.
    seen.current.clear();
    refresh();
  }, [refresh]);
  useTicketedStream({ ticketUrl: `${base}/events/ticket`, event: channel, onMessage, onReopened });
  return null;
}

/** Kept keys: far more than a page of rows changing state between two reads. */
const SEEN_LIMIT = 1_000;

function remember(seen: Set<string>, key: string): void {
  if (seen.size >= SEEN_LIMIT) seen.delete(seen.values().next().value as string);
  seen.add(key);
}

/** The event without the fields that change nothing in the list; undefined for an event that is not a JSON object. */
export function eventKey(data: unknown, ignores: readonly string[]): string | undefined {
  const value = eventObject(data);
  if (!value) return undefined;
  const kept = Object.entries(value).filter(([field]) => !ignores.includes(field));
  return JSON.stringify(kept.sort(([a], [b]) => (a < b ? -1 : 1)));
}

import { useCallback, useEffect, useRef } from 'react';
import { useTicketedStream } from '../live-stream';
import { useAnnouncementsApi } from './announcements-api';
import { addToBatch, emptyBatch, parseAnnouncementsEvent, type LiveBatch } from './live-events';

// The review page's live updates: events are gathered for a moment (a feed run inserts in
// bursts) and handed over as one batch, so the list is re-read once per burst, not per event.

const DEBOUNCE_MS = 400;

export function useLiveAnnouncements(onBatch: (batch: LiveBatch) => void, onReopened: () => void): boolean {
  const { urls } = useAnnouncementsApi();
  const batchRef = useRef<LiveBatch>(emptyBatch());
  const timerRef = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onBatchRef = useRef(onBatch);
  onBatchRef.current = onBatch;
  useEffect(() => () => clearTimeout(timerRef.current), []);
  const onMessage = useCallback((data: string) => {
    const event = parseAnnouncementsEvent(data);
    if (!event) return;
    batchRef.current = addToBatch(batchRef.current, event);
    if (timerRef.current) return;
    timerRef.current = setTimeout(() => {
      timerRef.current = undefined;
      const batch = batchRef.current;
      batchRef.current = emptyBatch();
      onBatchRef.current(batch);
    }, DEBOUNCE_MS);
  }, []);
  return useTicketedStream({ ticketUrl: urls.eventsTicket, event: 'announcements', onMessage, onReopened });
}

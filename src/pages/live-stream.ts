import { useDataProvider } from '@refinedev/core';
import { useEffect, useRef, useState } from 'react';

// A server's live event stream behind a ticket (docs/finview.md "Live progress",
// docs/announcements.md "Live"): a sealed POST issues a one-minute ticket, an EventSource opens
// the stream with it. On an error the stream is closed and a fresh ticket opens a new one after
// a pause that grows to 30 s (the browser's own retry would reuse the spent ticket). Events of
// a break are lost: `onReopened` tells the page to fetch once what changed meanwhile.

const FIRST_RETRY_MS = 3_000;
const LAST_RETRY_MS = 30_000;

export interface TicketedStream {
  /** The sealed POST that answers `{url}`. */
  ticketUrl: string;
  /** The `event:` name the page listens to. */
  event: string;
  /** Each event's `data`, as sent. */
  onMessage(data: string): void;
  onReopened?(): void;
}

/** An event's data as the object it carries (JSON text, or an object already), or undefined for anything else. */
export function eventObject(data: unknown): Record<string, unknown> | undefined {
  let value: unknown = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      return undefined;
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** Keeps the stream open while mounted; true while it is. */
export function useTicketedStream({ ticketUrl, event, onMessage, onReopened }: TicketedStream): boolean {
  const dataProvider = useDataProvider();
  const [connected, setConnected] = useState(false);
  const messageRef = useRef(onMessage);
  messageRef.current = onMessage;
  const reopenedRef = useRef(onReopened);
  reopenedRef.current = onReopened;

  useEffect(() => {
    let stopped = false;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = FIRST_RETRY_MS;
    let broken = false;

    const ticket = async () => {
      const custom = dataProvider().custom;
      if (!custom) throw new Error('custom is not implemented');
      const { data } = await custom<{ url: string }>({ url: ticketUrl, method: 'post', payload: {} });
      return data.url;
    };
    const retry = () => {
      if (stopped) return;
      timer = setTimeout(() => void open(), delay);
      delay = Math.min(delay * 2, LAST_RETRY_MS);
    };
    const open = async () => {
      let url: string;
      try {
        url = await ticket();
      } catch {
        broken = true;
        retry();
        return;
      }
      if (stopped) return;
      source = new EventSource(url);
      source.onopen = () => {
        delay = FIRST_RETRY_MS;
        setConnected(true);
        if (broken) reopenedRef.current?.();
        broken = false;
      };
      source.addEventListener(event, (message) => messageRef.current((message as MessageEvent<string>).data));
      source.onerror = () => {
        source?.close();
        source = null;
        broken = true;
        setConnected(false);
        retry();
      };
    };
    if (typeof EventSource !== 'undefined') void open();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [ticketUrl, event, dataProvider]);

  return connected;
}

import { useDataProvider } from '@refinedev/core';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { OutputEvent } from '../../resources/finview-model';
import { useFinviewApi } from './finview-api';
import { isFinishedEvent, parseOutputEvent, reduceOutputEvent, type LiveOutputs } from './videos/output-events';

// Live progress of every output from the server's event stream (docs/finview.md "Live progress"):
// a sealed POST issues a one-minute ticket, an EventSource opens the stream with it. On an error
// the stream is closed and a fresh ticket opens a new one after a pause that grows to 30 s.
// No polling: pages refetch a row only when an event tells its job finished, or when the stream
// opens again after a break (events of the break are lost: what changed meanwhile is fetched once).

const FIRST_RETRY_MS = 3_000;
const LAST_RETRY_MS = 30_000;

export interface LiveOutputsState {
  live: LiveOutputs;
  /** True while the stream is open. */
  connected: boolean;
}

export function useLiveOutputs(onFinished?: (event: OutputEvent) => void, onReopened?: () => void): LiveOutputsState {
  const api = useFinviewApi();
  const dataProvider = useDataProvider();
  const [live, dispatch] = useReducer(reduceOutputEvent, new Map() as LiveOutputs);
  const [connected, setConnected] = useState(false);
  const finishedRef = useRef(onFinished);
  finishedRef.current = onFinished;
  const reopenedRef = useRef(onReopened);
  reopenedRef.current = onReopened;

  const ticket = useCallback(async () => {
    const custom = dataProvider().custom;
    if (!custom) throw new Error('custom is not implemented');
    const { data } = await custom<{ url: string }>({ url: api.eventsTicket, method: 'post', payload: {} });
    return data.url;
  }, [api.eventsTicket, dataProvider]);

  useEffect(() => {
    let stopped = false;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = FIRST_RETRY_MS;
    let broken = false;

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
      source.addEventListener('output', (message) => {
        const event = parseOutputEvent((message as MessageEvent<string>).data);
        if (!event) return;
        dispatch(event);
        if (isFinishedEvent(event)) finishedRef.current?.(event);
      });
      source.onerror = () => {
        // The browser would retry with the spent ticket: a new one is needed instead.
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
  }, [ticket]);

  return { live, connected };
}

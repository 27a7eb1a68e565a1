import { useReducer, useRef } from 'react';
import type { OutputEvent } from '../../../common/domains/finview/model';
import { useTicketedStream } from '../live-stream';
import { useFinviewApi } from './finview-api';
import { isFinishedEvent, parseOutputEvent, reduceOutputEvent, type LiveOutputs } from './videos/output-events';

// Live progress of every output from the server's event stream (docs/finview.md "Live progress").
// No polling: pages refetch a row only when an event tells its job finished, or when the stream
// opens again after a break (events of the break are lost: what changed meanwhile is fetched once).

export interface LiveOutputsState {
  live: LiveOutputs;
  /** True while the stream is open. */
  connected: boolean;
}

export function useLiveOutputs(onFinished?: (event: OutputEvent) => void, onReopened?: () => void): LiveOutputsState {
  const api = useFinviewApi();
  const [live, dispatch] = useReducer(reduceOutputEvent, new Map() as LiveOutputs);
  const finishedRef = useRef(onFinished);
  finishedRef.current = onFinished;
  const connected = useTicketedStream({
    ticketUrl: api.eventsTicket,
    event: 'output',
    onMessage: (data) => {
      const event = parseOutputEvent(data);
      if (!event) return;
      dispatch(event);
      if (isFinishedEvent(event)) finishedRef.current?.(event);
    },
    onReopened,
  });
  return { live, connected };
}

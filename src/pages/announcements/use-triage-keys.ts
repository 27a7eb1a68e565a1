import { useEffect, useRef } from 'react';
import { triageAction, type TriageAction } from './triage-keys';

/** Listens on the document while mounted; `dialogOpen` pauses it (a reason dialog, the create form). */
export function useTriageKeys(onAction: (action: TriageAction) => void, dialogOpen: boolean) {
  const actionRef = useRef(onAction);
  actionRef.current = onAction;
  const pausedRef = useRef(dialogOpen);
  pausedRef.current = dialogOpen;
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      const action = triageAction(
        {
          key: event.key,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          repeat: event.repeat,
          target: target ? { tagName: target.tagName, isContentEditable: target.isContentEditable, role: target.getAttribute('role') } : null,
        },
        pausedRef.current,
      );
      if (!action) return;
      event.preventDefault();
      actionRef.current(action);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}

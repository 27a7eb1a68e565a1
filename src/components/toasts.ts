import { useNotification } from '@refinedev/core';

/** Toasts through Refine's notification provider, keyed so a repeat replaces the last. */
export function useToast() {
  const { open } = useNotification();
  return (type: 'success' | 'error', key: string, message: string, description?: string) =>
    open?.({ type, key, message, ...(description ? { description } : {}) });
}

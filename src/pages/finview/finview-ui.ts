import { useNotification } from '@refinedev/core';
import type { TFunction } from 'i18next';

// What the finview pages share about talking to the user: one toast per action, an error's words.

/** The reader-language message of a failed call (the http client already translated it), else the generic one. */
export function errorText(error: unknown, t: TFunction): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : t('errors.generic');
}

export function statusOf(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

/** Toasts through Refine's notification provider, keyed so a repeat replaces the last. */
export function useToast() {
  const { open } = useNotification();
  return (type: 'success' | 'error', key: string, message: string, description?: string) =>
    open?.({ type, key, message, ...(description ? { description } : {}) });
}

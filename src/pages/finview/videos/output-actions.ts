import { useCustomMutation, useNotification } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { OutputAnswer } from '../../../../common/domains/finview/model';
import { useFinviewApi } from '../finview-api';
import { errorText } from '../../../components/error-text';

// Approval is the workflow's and delete the generic page's: what is left is the render's own.
export type OutputAction = 'cancel' | 'retry';

const ACTION_URLS = { cancel: 'outputCancel', retry: 'outputRetry' } as const;

const SUCCESS: Record<OutputAction, string> = {
  cancel: 'server.finviewCancelled',
  retry: 'server.finviewRetried',
};

/** Cancel or retry an output's render; the server's refusal is shown as it words it. */
export function useOutputActions(onDone?: (action: OutputAction, output: OutputAnswer | null) => void) {
  const { t } = useTranslation();
  const api = useFinviewApi();
  const { open } = useNotification();
  const { mutate, mutation } = useCustomMutation<OutputAnswer>();
  const run = (action: OutputAction, output: Pick<OutputAnswer, 'id'>) =>
    new Promise<boolean>((resolve) => {
      mutate(
        { url: api[ACTION_URLS[action]](output.id), method: 'post', values: {}, successNotification: false, errorNotification: false },
        {
          onSuccess: ({ data }) => {
            open?.({ type: 'success', key: `finview-${action}`, message: t(SUCCESS[action]) });
            onDone?.(action, data ?? null);
            resolve(true);
          },
          onError: (error) => {
            open?.({ type: 'error', key: `finview-${action}`, message: errorText(error, t) });
            resolve(false);
          },
        },
      );
    });
  return { run, busy: mutation.isPending };
}

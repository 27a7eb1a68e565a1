import { useCustomMutation, useNotification } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { OutputAnswer } from '../../../../common/domains/finview/model';
import { useFinviewApi } from '../finview-api';
import { errorText } from '../../../components/error-text';

export type OutputAction = 'cancel' | 'retry' | 'approve' | 'delete';

const ACTION_URLS = { cancel: 'outputCancel', retry: 'outputRetry', approve: 'outputApprove' } as const;

const SUCCESS: Record<OutputAction, string> = {
  cancel: 'server.finviewCancelled',
  retry: 'server.finviewRetried',
  approve: 'server.finviewApproved',
  delete: 'server.finviewDeleted',
};

/** Cancel, retry, approve and delete an output; the server's refusal is shown as it words it. */
export function useOutputActions(onDone?: (action: OutputAction, output: OutputAnswer | null) => void) {
  const { t } = useTranslation();
  const api = useFinviewApi();
  const { open } = useNotification();
  const { mutate, mutation } = useCustomMutation<OutputAnswer>();
  const run = (action: OutputAction, output: Pick<OutputAnswer, 'id' | 'version'>) =>
    new Promise<boolean>((resolve) => {
      const url = action === 'delete' ? api.output(output.id) : api[ACTION_URLS[action]](output.id);
      mutate(
        {
          url,
          method: action === 'delete' ? 'delete' : 'post',
          values: action === 'approve' ? { version: output.version } : {},
          successNotification: false,
          errorNotification: false,
        },
        {
          onSuccess: ({ data }) => {
            open?.({ type: 'success', key: `finview-${action}`, message: t(SUCCESS[action]) });
            onDone?.(action, action === 'delete' ? null : (data ?? null));
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

import type { NotificationProvider } from '@refinedev/core';
import { App, Button } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export const NOTIFICATION_PLACEMENT = 'topRight';

/**
 * Refine calls this as a hook inside <Refine>, which sits inside antd's <App>:
 * App.useApp() notifications inherit the theme, direction and locale, which the
 * static antd.notification cannot.
 */
export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  const { t } = useTranslation();
  return useMemo(
    () => ({
      open({ key, message, description, type, cancelMutation, undoableTimeout }) {
        if (type === 'progress') {
          notification.open({
            key,
            message,
            description,
            placement: NOTIFICATION_PLACEMENT,
            duration: undoableTimeout ?? 5,
            actions: (
              <Button
                size="small"
                onClick={() => {
                  cancelMutation?.();
                  if (key) notification.destroy(key);
                }}
              >
                {t('buttons.undo')}
              </Button>
            ),
          });
          return;
        }
        notification[type]({ key, message, description, placement: NOTIFICATION_PLACEMENT });
      },
      close: (key) => notification.destroy(key),
    }),
    [notification, t],
  );
}

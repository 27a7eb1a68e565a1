import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LockState } from './use-soft-lock';

/** "<user> is working on this announcement." with Take over; nothing while we hold the lock. */
export function LockBanner({ state, onTakeOver }: { state: LockState; onTakeOver(): void }) {
  const { t } = useTranslation();
  if (state.kind === 'other') {
    return (
      <Alert
        type="warning"
        showIcon
        role="alert"
        message={state.message || t('announcements.lock.other')}
        description={t('announcements.lock.explain')}
        action={
          <Button size="small" onClick={onTakeOver} data-testid="announcement-take-over">
            {t('announcements.lock.takeOver')}
          </Button>
        }
        data-testid="announcement-lock-banner"
        data-user={state.holder}
      />
    );
  }
  if (state.kind === 'failed') {
    return <Alert type="error" showIcon message={state.message || t('announcements.lock.failed')} data-testid="announcement-lock-failed" />;
  }
  return null;
}

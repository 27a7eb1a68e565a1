import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { notify } from '../providers/notification-provider';

/** Losing the network is worth a warning (nothing can be saved), getting it back an info. */
export function useOnlineToasts(): void {
  const { t } = useTranslation();
  useEffect(() => {
    const offline = () =>
      notify({ type: 'warning', key: 'network', message: t('network.offline'), description: t('network.offlineDescription') });
    const online = () => {
      toast.dismiss('network');
      notify({ type: 'info', key: 'network-back', message: t('network.online') });
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [t]);
}

import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

export default function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      status="403"
      title={t('pages.forbidden.title')}
      description={t('pages.forbidden.description')}
      testId="forbidden"
    />
  );
}

import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      status="404"
      title={t('pages.notFound.title')}
      description={t('pages.notFound.description')}
      testId="not-found"
    />
  );
}

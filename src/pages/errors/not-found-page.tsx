import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div data-testid="not-found">
      <Result
        status="404"
        title={t('pages.notFound.title')}
        subTitle={t('pages.notFound.description')}
        extra={
          <Link to="/">
            <Button type="primary">{t('pages.backHome')}</Button>
          </Link>
        }
      />
    </div>
  );
}

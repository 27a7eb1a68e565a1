import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <div data-testid="forbidden">
      <Result
        status="403"
        title={t('pages.forbidden.title')}
        subTitle={t('pages.forbidden.description')}
        extra={
          <Link to="/">
            <Button type="primary">{t('pages.backHome')}</Button>
          </Link>
        }
      />
    </div>
  );
}

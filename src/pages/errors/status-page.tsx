import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface StatusPageProps {
  status: '403' | '404';
  title: string;
  description: string;
  testId: string;
}

/** A 403 or 404 answer in the page, with a way home. */
export function StatusPage({ status, title, description, testId }: StatusPageProps) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId}>
      <Result
        status={status}
        title={title}
        subTitle={description}
        extra={
          <Link to="/">
            <Button type="primary">{t('pages.backHome')}</Button>
          </Link>
        }
      />
    </div>
  );
}

import { useNavigation } from '@refinedev/core';
import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { CompanyTemplateButton } from './company-actions';
import { CompanyUpload } from './company-upload';

/** Companies' create page: an .xlsx upload, previewed and checked in the browser first. */
export default function CompanyUploadPage() {
  const { t } = useTranslation();
  const { list } = useNavigation();
  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('news.upload.title')} extra={<CompanyTemplateButton />} />
      <Card>
        <CompanyUpload onClose={() => list('companies')} />
      </Card>
    </Flex>
  );
}

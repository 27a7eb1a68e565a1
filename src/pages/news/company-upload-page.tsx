import { useNavigation } from '@refinedev/core';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CompanyTemplateButton } from './company-actions';
import { CompanyUpload } from './company-upload';

/** Companies' create page: an .xlsx upload, previewed and checked in the browser first. */
export default function CompanyUploadPage() {
  const { t } = useTranslation();
  const { list } = useNavigation();
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('news.upload.title')}
        </Typography.Title>
        <CompanyTemplateButton />
      </Flex>
      <Card>
        <CompanyUpload onClose={() => list('companies')} />
      </Card>
    </Flex>
  );
}

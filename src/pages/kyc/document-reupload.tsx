import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../providers';
import type { KycDocumentType } from '../../../common/domains/kyc/model';
import { FormSelect } from '../form-select';
import { DocumentDrop, type PickedFile } from './document-drop';
import type { KycDocument } from './kyc-api';
import { useDocumentUpload } from './use-document-upload';

/**
 * A new file for one of the subject's documents: a new version of this one (after a
 * revision was asked), or a document the subject does not have yet. The file is checked
 * here as on the upload page; the document goes back to `new` for a fresh review.
 */
export function DocumentReupload({ subjectId, types, title, onDone }: { subjectId: number; types: readonly KycDocumentType[]; title: string; onDone(document: KycDocument): void }) {
  const { t } = useTranslation();
  const [type, setType] = useState<KycDocumentType | undefined>(types.length === 1 ? types[0] : undefined);
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const [refused, setRefused] = useState<string>();
  const [shareCode, setShareCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const { upload, uploading } = useDocumentUpload();
  if (types.length === 0) return null;

  const send = async () => {
    if (!type || !picked) return;
    setFailure(null);
    try {
      const document = await upload(subjectId, type, picked.file, type === 'digital_aadhaar' ? shareCode : undefined);
      notify({ type: 'success', key: 'kyc-reupload', message: t('kyc.reupload.done', { type: t(`kyc.types.${type}`) }) });
      setPicked(null);
      setShareCode('');
      onDone(document);
    } catch (error) {
      setFailure((error as { message?: string }).message ?? t('errors.generic'));
    }
  };

  const needsCode = type === 'digital_aadhaar';
  return (
    <Card size="small" title={title} data-testid="kyc-reupload">
      <Flex vertical gap={8}>
        {types.length > 1 ? (
          <FormSelect
            id="kyc-reupload-type"
            aria-label={t('kyc.reupload.type')}
            placeholder={t('kyc.reupload.type')}
            value={type}
            onChange={(value: KycDocumentType) => {
              setType(value);
              setPicked(null);
              setRefused(undefined);
            }}
            options={types.map((value) => ({ value, label: t(`kyc.types.${value}`) }))}
            style={{ maxWidth: 280 }}
          />
        ) : null}
        {type ? <DocumentDrop key={type} type={type} value={picked} error={refused} onPick={setPicked} onRefused={setRefused} /> : null}
        {needsCode && picked ? (
          <Flex vertical gap={4}>
            <Typography.Text>
              <label htmlFor="kyc-reupload-share-code">{t('kyc.fields.shareCode')}</label>
            </Typography.Text>
            <Input id="kyc-reupload-share-code" value={shareCode} onChange={(event) => setShareCode(event.target.value)} maxLength={4} autoComplete="off" style={{ maxWidth: 160 }} />
          </Flex>
        ) : null}
        {failure ? <Alert type="error" showIcon message={failure} data-testid="kyc-reupload-failure" /> : null}
        <Flex justify="end">
          <Button
            icon={<UploadOutlined />}
            type="primary"
            disabled={!picked || (needsCode && shareCode.trim() === '')}
            loading={uploading}
            onClick={() => void send()}
            data-testid="kyc-reupload-send"
          >
            {t('kyc.reupload.send')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

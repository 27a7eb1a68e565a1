import { DownloadOutlined, EditOutlined, EyeOutlined, PlusOutlined, SafetyCertificateOutlined, UploadOutlined, WarningOutlined } from '@ant-design/icons';
import { ListButton } from '@refinedev/antd';
import { CanAccess, useCustom, useCustomMutation, useNavigation, useOne } from '@refinedev/core';
import { Alert, Button, Card, Col, Descriptions, Flex, List, Result, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime, Ltr } from '../../i18n/formatting';
import { notify, useIdentity } from '../../providers';
import { KYC_DOCUMENT_TYPES } from '../../../common/domains/kyc/model';
import { DecisionPanel } from './decision-panel';
import { DocumentReupload } from './document-reupload';
import { FileViewer } from './file-viewer';
import { formatSize } from '../../components/file-size';
import { useKycApi, type KycDocument, type KycFile, type KycRect, type KycSettings, type KycSubject } from './kyc-api';
import { useFileDownload } from './kyc-file';
import { fileErrorText } from '../../components/error-text';
import { KycStatusTag, ScanTag, UserRef } from './kyc-format';
import { RelativeDate } from '../../components/relative-date';

/** The current file first, then the earlier uploads (newest first). */
function versionsOf(document: KycDocument): KycFile[] {
  return [...(document.file ? [document.file] : []), ...(document.files ?? []).filter((file) => file.id !== document.file?.id)];
}

/** What the server says about a file's signature: an e-PAN is signed but not verified; a digital Aadhaar verified or not. */
function VerificationTag({ type, file }: { type: KycDocument['type']; file: KycFile }) {
  const { t } = useTranslation();
  if (type === 'digital_pan' && file.verification === 'not_verified') {
    return (
      <Tag color="gold" icon={<SafetyCertificateOutlined />} data-testid="kyc-signed-not-verified">
        {t('kyc.review.signedNotVerified')}
      </Tag>
    );
  }
  if (file.verification === 'verified') {
    return (
      <Tag color="green" icon={<SafetyCertificateOutlined />} data-testid="kyc-verified">
        {t('kyc.review.verified')}
      </Tag>
    );
  }
  if (file.verification === 'not_verified') {
    return (
      <Tag color="red" icon={<WarningOutlined />} data-testid="kyc-not-verified">
        {t('kyc.review.notVerified')}
      </Tag>
    );
  }
  return null;
}

function SubjectCard({ subject }: { subject: KycSubject }) {
  const { t } = useTranslation();
  const { editUrl } = useNavigation();
  const label = (field: string) => t(`kyc.fields.${field}`);
  const warnings = Object.entries(subject.warnings ?? {}).flatMap(([field, codes]) => codes.map((code) => ({ field, code })));
  return (
    <Card
      title={
        <Space>
          {t('kyc.review.subject')}
          <KycStatusTag status={subject.status} />
        </Space>
      }
      extra={
        <CanAccess resource="kyc-upload" action="edit">
          <Link to={editUrl('kyc-upload', subject.id)} data-testid="kyc-edit-subject">
            <EditOutlined /> {t('kyc.review.editSubject')}
          </Link>
        </CanAccess>
      }
      data-testid="kyc-subject"
    >
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={label('name')}>
          <bdi>{subject.name}</bdi>
        </Descriptions.Item>
        <Descriptions.Item label={label('dob')}>
          <Ltr>{subject.dob}</Ltr>
        </Descriptions.Item>
        <Descriptions.Item label={label('gender')}>{t(`kyc.genders.${subject.gender}`, { defaultValue: subject.gender })}</Descriptions.Item>
        <Descriptions.Item label={label('address')}>
          {/* Typed text with numbers in it: kept in its own order whatever the page's direction. */}
          <bdi>{`${[subject.addressLine, subject.city, subject.state].filter(Boolean).join(', ')} ${subject.pinCode}`}</bdi>
        </Descriptions.Item>
        <Descriptions.Item label={label('pan')}>
          <Ltr>{subject.pan ?? '—'}</Ltr>
        </Descriptions.Item>
        <Descriptions.Item label={label('aadhaar')}>
          <span data-testid="kyc-subject-aadhaar">
            <Ltr>{subject.aadhaar ?? '—'}</Ltr>
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('kyc.review.createdBy')}>
          <Space size={4} wrap>
            <UserRef user={subject.createdBy} />
            <Typography.Text type="secondary">
              <DateTime value={subject.createdAt} />
            </Typography.Text>
          </Space>
        </Descriptions.Item>
      </Descriptions>
      {warnings.map(({ field, code }) => (
        <Alert
          key={`${field}:${code}`}
          type="warning"
          showIcon
          style={{ marginTop: 8 }}
          message={t('generic.fieldReason', { field: label(field), reason: t(`serverField.${code}`, { defaultValue: code }) })}
        />
      ))}
    </Card>
  );
}

/** The subject's documents, this one marked: the reviewer goes from one to the next; a missing one can be added. */
export function SubjectDocuments({ subject, current }: { subject: KycSubject; current: number }) {
  const { t } = useTranslation();
  const { show, showUrl } = useNavigation();
  const [adding, setAdding] = useState(false);
  const documents = subject.documents ?? [];
  const missing = KYC_DOCUMENT_TYPES.filter((type) => !documents.some((document) => document.type === type));
  return (
    <Card
      size="small"
      title={t('kyc.review.otherDocuments')}
      data-testid="kyc-subject-documents"
      extra={
        missing.length > 0 ? (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setAdding((value) => !value)} aria-expanded={adding} data-testid="kyc-add-document">
            {t('kyc.reupload.add')}
          </Button>
        ) : null
      }
    >
      <Flex vertical gap={12}>
        <Flex wrap gap={8}>
          {documents.map((document) =>
            document.id === current ? (
              <Tag key={document.id} color="blue" aria-current="page" style={{ paddingBlock: 4, marginInlineEnd: 0 }}>
                {t(`kyc.types.${document.type}`)} · {t(`kyc.status.${document.status}`)}
              </Tag>
            ) : (
              <Link key={document.id} to={showUrl('kyc-documents', document.id)} data-testid={`kyc-goto-${document.type}`}>
                <Tag style={{ paddingBlock: 4, cursor: 'pointer', marginInlineEnd: 0 }}>
                  {t(`kyc.types.${document.type}`)} · {t(`kyc.status.${document.status}`)}
                </Tag>
              </Link>
            ),
          )}
        </Flex>
        {adding ? <DocumentReupload subjectId={subject.id} types={missing} title={t('kyc.reupload.add')} onDone={(document) => show('kyc-documents', document.id)} /> : null}
      </Flex>
    </Card>
  );
}

/** Saves a file version as a download (the server records it as one). */
function DownloadButton({ documentId, file, compact = false }: { documentId: number; file: KycFile; compact?: boolean }) {
  const { t } = useTranslation();
  const { download, busy } = useFileDownload(documentId);
  const save = () => void download(file).catch((error: unknown) => notify({ type: 'error', key: 'kyc-download', message: fileErrorText(error, t) }));
  return (
    <Button
      size={compact ? 'small' : 'middle'}
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={save}
      aria-label={compact ? t('kyc.review.downloadVersion', { seq: file.seq }) : undefined}
      data-testid={compact ? `kyc-download-v${file.seq}` : 'kyc-download'}
    >
      {t('kyc.review.download')}
    </Button>
  );
}

/** The current file and the earlier uploads, newest first; each can be viewed or downloaded. */
function FileVersions({ document, viewed, onView }: { document: KycDocument; viewed: number | undefined; onView(file: KycFile): void }) {
  const { t } = useTranslation();
  const files = versionsOf(document);
  return (
    <Card size="small" title={t('kyc.review.versions')} data-testid="kyc-versions">
      <List
        size="small"
        dataSource={files}
        renderItem={(file) => (
          <List.Item
            data-testid="kyc-version"
            data-seq={file.seq}
            actions={[
              <Button
                key="view"
                size="small"
                icon={<EyeOutlined />}
                disabled={file.id === viewed || file.removed}
                onClick={() => onView(file)}
                aria-label={t('kyc.review.viewVersion', { seq: file.seq })}
                data-testid={`kyc-view-v${file.seq}`}
              >
                {t('kyc.review.view')}
              </Button>,
              ...(file.removed ? [] : [<DownloadButton key="download" documentId={document.id} file={file} compact />]),
            ]}
          >
            <Flex vertical gap={2}>
              <Space size={6} wrap>
                <Typography.Text strong>
                  <Ltr>{`v${file.seq}`}</Ltr>
                </Typography.Text>
                {file.id === document.file?.id ? <Tag color="blue">{t('kyc.review.current')}</Tag> : null}
                {file.masked ? <Tag>{t('kyc.review.masked')}</Tag> : null}
                {file.removed ? <Tag data-testid="kyc-version-removed">{t('kyc.review.removed')}</Tag> : null}
                <ScanTag status={file.scanStatus} />
              </Space>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <Ltr>{`${file.filename} · ${formatSize(file.size)}`}</Ltr> · <UserRef user={file.uploadedBy} /> · <DateTime value={file.uploadedAt} />
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}

/** One document's review (the show page's `kyc-review` panel): the file on the left; the subject, the document's state and the decision on the right. */
export default function KycReview({ id }: { id: string }) {
  const { t } = useTranslation();
  const api = useKycApi();
  const me = useIdentity();
  const [viewedId, setViewedId] = useState<number>();
  const [reuploading, setReuploading] = useState(false);
  const { query, result: document } = useOne<KycDocument>({
    resource: 'kyc-documents',
    id,
    queryOptions: { retry: false, refetchOnMount: 'always' },
    errorNotification: false,
  });
  const subjectQuery = useCustom<KycSubject>({
    url: document ? api.subject(document.subjectId) : '',
    method: 'get',
    queryOptions: { enabled: Boolean(document), retry: false },
    errorNotification: false,
  });
  const settingsQuery = useCustom<KycSettings>({ url: api.settings, method: 'get', queryOptions: { retry: false }, errorNotification: false });
  const subject = subjectQuery.query.data?.data;
  const settings = settingsQuery.query.data?.data;
  const { mutate: sendMask, mutation: masking } = useCustomMutation<KycDocument>();

  const refresh = () => {
    void query.refetch();
    void subjectQuery.query.refetch();
  };

  if (query.isError) {
    return <Result status="warning" title={(query.error as { message?: string }).message ?? t('errors.generic')} extra={<ListButton resource="kyc-documents">{t('resources.kyc-documents')}</ListButton>} />;
  }
  if (!document) return <Skeleton active />;

  const files = versionsOf(document);
  const viewed = files.find((file) => file.id === viewedId) ?? document.file ?? undefined;
  const isCurrent = viewed !== undefined && viewed.id === document.file?.id;
  const mismatches = document.file?.extracted?.mismatches ?? [];

  const mask = (rects: KycRect[]) =>
    new Promise<boolean>((resolve) => {
      sendMask(
        { url: api.mask(document.id), method: 'post', values: { rects, version: document.version }, successNotification: false, errorNotification: false },
        {
          onSuccess: () => {
            notify({ type: 'success', key: 'kyc-mask', message: t('server.kycMasked') });
            setViewedId(undefined);
            refresh();
            resolve(true);
          },
          onError: (error) => {
            notify({ type: 'error', key: 'kyc-mask', message: (error as { message?: string }).message ?? t('errors.generic') });
            resolve(false);
          },
        },
      );
    });

  return (
    <Flex vertical gap={16} data-testid="kyc-review" data-document={document.id} data-status={document.status}>
      {/* The page's title, list link and record fields are the generic show page's; this is its `kyc-review` panel. */}
      <Typography.Title level={4} style={{ margin: 0 }}>
        <Space wrap>
          {t('kyc.review.title', { type: t(`kyc.types.${document.type}`), name: document.subjectName })}
          <KycStatusTag status={document.status} />
        </Space>
      </Typography.Title>
      {subject ? <SubjectDocuments subject={subject} current={document.id} /> : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Flex vertical gap={16}>
            <Card
              title={
                <Space wrap>
                  <Ltr>{viewed ? `${viewed.filename} · v${viewed.seq}` : '—'}</Ltr>
                  {viewed && !isCurrent ? <Tag color="orange">{t('kyc.review.earlier')}</Tag> : null}
                </Space>
              }
              extra={viewed ? <DownloadButton documentId={document.id} file={viewed} /> : null}
              data-testid="kyc-file-card"
            >
              {viewed ? (
                <FileViewer
                  documentId={document.id}
                  file={viewed}
                  mask={{ enabled: isCurrent && document.type === 'aadhaar_card', busy: masking.isPending, onSave: mask }}
                />
              ) : (
                <Typography.Text type="secondary">{t('kyc.viewer.noFile')}</Typography.Text>
              )}
            </Card>
            <FileVersions document={document} viewed={viewed?.id} onView={(file) => setViewedId(file.id)} />
            {reuploading ? (
              <DocumentReupload
                subjectId={document.subjectId}
                types={[document.type]}
                title={t('kyc.reupload.newVersion')}
                onDone={() => {
                  setReuploading(false);
                  setViewedId(undefined);
                  refresh();
                }}
              />
            ) : (
              <Flex>
                <Button icon={<UploadOutlined />} onClick={() => setReuploading(true)} data-testid="kyc-reupload-open">
                  {t('kyc.reupload.newVersion')}
                </Button>
              </Flex>
            )}
          </Flex>
        </Col>
        <Col xs={24} xl={10}>
          <Flex vertical gap={16}>
            <Card title={t('kyc.review.document')} data-testid="kyc-document">
              <Descriptions size="small" column={1} bordered>
                <Descriptions.Item label={t('kyc.list.type')}>{t(`kyc.types.${document.type}`)}</Descriptions.Item>
                <Descriptions.Item label={t('kyc.list.status')}>
                  <KycStatusTag status={document.status} />
                </Descriptions.Item>
                <Descriptions.Item label={t('kyc.list.scan')}>
                  <ScanTag status={document.file?.scanStatus} signature={document.file?.scanSignature} />
                </Descriptions.Item>
                {document.file?.verification ? (
                  <Descriptions.Item label={t('kyc.review.signature')}>
                    <VerificationTag type={document.type} file={document.file} />
                  </Descriptions.Item>
                ) : null}
                {document.type === 'aadhaar_card' && document.file ? (
                  <Descriptions.Item label={t('kyc.review.masking')}>
                    {document.file.masked ? <Tag color="green">{t('kyc.review.masked')}</Tag> : <Tag color="orange">{t('kyc.review.notMasked')}</Tag>}
                  </Descriptions.Item>
                ) : null}
                <Descriptions.Item label={t('kyc.list.uploadedBy')}>
                  <UserRef user={document.file?.uploadedBy} />
                </Descriptions.Item>
                <Descriptions.Item label={t('kyc.list.updated')}>
                  <RelativeDate value={document.updatedAt} />
                </Descriptions.Item>
                {document.decidedBy ? (
                  <Descriptions.Item label={t('kyc.review.decidedBy')}>
                    <Space size={4} wrap>
                      <UserRef user={document.decidedBy} />
                      <Typography.Text type="secondary">
                        <DateTime value={document.decidedAt} />
                      </Typography.Text>
                    </Space>
                  </Descriptions.Item>
                ) : null}
                {document.reason ? <Descriptions.Item label={t('kyc.review.reason')}>{t(`kyc.reasons.${document.reason}`, { defaultValue: document.reason })}</Descriptions.Item> : null}
                {document.comment ? <Descriptions.Item label={t('kyc.review.comment')}>{document.comment}</Descriptions.Item> : null}
              </Descriptions>
              {mismatches.length > 0 ? (
                <Alert
                  type="warning"
                  showIcon
                  data-testid="kyc-mismatches"
                  message={t('kyc.review.mismatches', { fields: mismatches.map((field) => t(`kyc.fields.${field}`, { defaultValue: field })).join(', ') })}
                />
              ) : null}
            </Card>
            <DecisionPanel document={document} subject={subject} settings={settings} me={me} onChanged={refresh} />
            {subject ? <SubjectCard subject={subject} /> : null}
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}

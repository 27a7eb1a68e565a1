import { CheckOutlined, CloseOutlined, EditOutlined, RollbackOutlined, UserAddOutlined } from '@ant-design/icons';
import { CanAccess, useCustomMutation, useNavigation } from '@refinedev/core';
import { Alert, Button, Card, Flex, Form, Input, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldErrorsOf, notify, type Identity } from '../../providers';
import { canDecide, KYC_REASONS, type KycDecision, type KycReason } from '../../../common/domains/kyc/model';
import { FormSelect } from '../form-select';
import { useKycApi, type KycDecisionInput, type KycDocument, type KycSettings, type KycSubject } from './kyc-api';
import { UserRef } from './kyc-format';
import { MaskedPreview, previewRevision } from './masked-preview';

/**
 * Why a decision cannot be taken now, as the server would refuse it (its answer stays the
 * authority), or, for `maskedNotShown`, as this screen wants it: the reviewer approves a
 * masked Aadhaar card only once the masked image (what is kept) has been drawn beside the button.
 */
export type DecisionBlock = 'makerChecker' | 'notMasked' | 'maskedNotShown' | 'scanNotClean' | 'noScanner';

/** A masked Aadhaar card image: approving it keeps only the masked image, so that image is shown first. */
export function needsMaskedPreview(document: KycDocument): boolean {
  const file = document.file;
  return document.type === 'aadhaar_card' && Boolean(file?.contentType.startsWith('image/')) && Boolean(file?.masked);
}

/** The blocks that apply to a decision on this document, for this reviewer, under these settings. */
export function decisionBlocks(
  decision: KycDecision,
  document: KycDocument,
  me: Pick<Identity, 'id'> | null,
  settings: Pick<KycSettings, 'scanPolicy'> & Partial<Pick<KycSettings, 'scannerConfigured'>> | undefined,
  view: { maskedShown: boolean } = { maskedShown: true },
): DecisionBlock[] {
  const file = document.file;
  const blocks: DecisionBlock[] = [];
  if (file?.uploadedBy && me && String(file.uploadedBy.id) === String(me.id)) blocks.push('makerChecker');
  if (decision === 'approve') {
    if (document.type === 'aadhaar_card' && file && file.contentType.startsWith('image/') && !file.masked) blocks.push('notMasked');
    if (needsMaskedPreview(document) && !view.maskedShown) blocks.push('maskedNotShown');
    if (settings?.scanPolicy === 'required' && file && file.scanStatus !== 'clean') blocks.push(settings.scannerConfigured === false ? 'noScanner' : 'scanNotClean');
  }
  return blocks;
}

/** The words of each block shown as a warning (`maskedNotShown` is said by the preview itself). */
const BLOCK_MESSAGES: Partial<Record<DecisionBlock, string>> = {
  makerChecker: 'server.kycMakerChecker',
  notMasked: 'server.kycNotMasked',
  scanNotClean: 'server.kycScanNotClean',
  noScanner: 'server.kycNoScanner',
};

/** Where the policy is changed: a link for whoever may change it, otherwise whom to ask. */
function ScanPolicyHelp() {
  const { t } = useTranslation();
  const { listUrl } = useNavigation();
  return (
    <CanAccess resource="kyc-settings" action="edit" fallback={<span data-testid="kyc-ask-admin">{t('kyc.review.askAdminScan')}</span>}>
      <Link to={listUrl('kyc-settings')} data-testid="kyc-settings-link">
        {t('kyc.review.openSettings')}
      </Link>
    </CanAccess>
  );
}

const DECISIONS: ReadonlyArray<{ decision: KycDecision; icon: ReactNode; type?: 'primary'; danger?: boolean }> = [
  { decision: 'approve', icon: <CheckOutlined />, type: 'primary' },
  { decision: 'reject', icon: <CloseOutlined />, danger: true },
  { decision: 'revision', icon: <EditOutlined /> },
  { decision: 'reset', icon: <RollbackOutlined /> },
];

const needsReason = (decision: KycDecision) => decision === 'reject' || decision === 'revision';

interface DecisionValues {
  reason?: KycReason;
  comment?: string;
}

interface DecisionPanelProps {
  document: KycDocument;
  subject: KycSubject | undefined;
  settings: KycSettings | undefined;
  me: Identity | null;
  onChanged(): void;
}

/**
 * Claim, then approve, reject, ask for a revision, or reset. A button the rules forbid is
 * disabled and the reason is said beside it; whatever the server answers is shown too.
 */
export function DecisionPanel({ document, subject, settings, me, onChanged }: DecisionPanelProps) {
  const { t } = useTranslation();
  const api = useKycApi();
  const [form] = Form.useForm<DecisionValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState<KycDecision | 'claim' | null>(null);
  // The revision of the masked image last drawn in the preview: a new mask or upload must be seen again.
  const [shownRevision, setShownRevision] = useState<string | null>(null);
  const { mutate } = useCustomMutation();

  const mine = Boolean(me && subject?.assignee && String(subject.assignee.id) === String(me.id));
  const view = { maskedShown: document.file ? shownRevision === previewRevision(document.file) : false };
  const blocks = new Set<DecisionBlock>(DECISIONS.flatMap(({ decision }) => (canDecide(decision, document.status) ? decisionBlocks(decision, document, me, settings, view) : [])));
  const preview = needsMaskedPreview(document) && canDecide('approve', document.status) && document.file ? document.file : null;

  const failed = (error: unknown) => {
    setSending(null);
    setFailure((error as { message?: string }).message ?? t('errors.generic'));
    const fields = fieldErrorsOf(error, ['reason', 'comment']);
    if (fields.length > 0) form.setFields(fields.map(({ name, errors }) => ({ name, errors: errors.map((reason) => t('generic.fieldReason', { field: t(`kyc.review.${name}`), reason })) })));
    // The document may have moved on (a stale version, another reviewer's decision): show it as it is.
    onChanged();
  };

  const claim = () => {
    if (!subject) return;
    setFailure(null);
    setSending('claim');
    mutate(
      { url: api.claim(subject.id), method: 'post', values: { version: subject.version }, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          setSending(null);
          notify({ type: 'success', key: 'kyc-claim', message: t('kyc.review.claimed', { name: subject.name }) });
          onChanged();
        },
        onError: failed,
      },
    );
  };

  const decide = async (decision: KycDecision) => {
    setFailure(null);
    let values: DecisionValues = {};
    try {
      values = needsReason(decision) ? await form.validateFields() : form.getFieldsValue();
    } catch {
      return;
    }
    const body: Omit<KycDecisionInput, 'decision'> = { version: document.version };
    if (needsReason(decision) && values.reason) body.reason = values.reason;
    const comment = values.comment?.trim();
    if (comment) body.comment = comment;
    setSending(decision);
    // The workflow's transition route: the same checks as the legacy decision route, and the generic audit and events.
    mutate(
      { url: api.transition(document.id, decision), method: 'post', values: body, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          setSending(null);
          form.resetFields();
          notify({ type: 'success', key: 'kyc-decision', message: t('server.kycDecisionSaved'), description: t(`kyc.decisions.${decision}`) });
          onChanged();
        },
        onError: failed,
      },
    );
  };

  return (
    <Card title={t('kyc.review.decision')} data-testid="kyc-decision-panel">
      <Flex vertical gap={12}>
        <Flex align="center" justify="space-between" wrap gap={8}>
          <Typography.Text>
            {t('kyc.review.assignee')}: <UserRef user={subject?.assignee} />
          </Typography.Text>
          {mine ? null : (
            <Button icon={<UserAddOutlined />} onClick={claim} loading={sending === 'claim'} disabled={!subject || sending !== null} data-testid="kyc-claim">
              {t('kyc.review.claim')}
            </Button>
          )}
        </Flex>
        {[...blocks].flatMap((block) => {
          const message = BLOCK_MESSAGES[block];
          if (!message) return [];
          return [
            <Alert
              key={block}
              id={`kyc-block-${block}`}
              type="warning"
              showIcon
              message={<span data-testid={`kyc-block-${block}-text`}>{t(message)}</span>}
              description={block === 'noScanner' ? <ScanPolicyHelp /> : undefined}
              data-testid={`kyc-block-${block}`}
            />,
          ];
        })}
        {preview ? <MaskedPreview documentId={document.id} file={preview} onShown={setShownRevision} /> : null}
        <Form form={form} name="kyc-decision" layout="vertical" requiredMark={false}>
          {/* A reason only where a reject or a revision can be asked for. */}
          <Form.Item
            hidden={!canDecide('reject', document.status)}
            name="reason"
            label={t('kyc.review.reason')}
            extra={t('kyc.review.reasonHint')}
            rules={[{ required: true, message: t('generic.fieldReason', { field: t('kyc.review.reason'), reason: t('serverField.reasonRequired') }) }]}
          >
            <FormSelect allowClear options={KYC_REASONS.map((value) => ({ value, label: t(`kyc.reasons.${value}`) }))} data-testid="kyc-reason" />
          </Form.Item>
          <Form.Item name="comment" label={t('kyc.review.comment')}>
            <Input.TextArea rows={3} maxLength={1000} showCount />
          </Form.Item>
        </Form>
        <Space wrap>
          {DECISIONS.filter(({ decision }) => canDecide(decision, document.status)).map(({ decision, icon, type, danger }) => {
            const blocked = decisionBlocks(decision, document, me, settings, view);
            return (
              <Button
                key={decision}
                icon={icon}
                type={type}
                danger={danger}
                disabled={blocked.length > 0 || (sending !== null && sending !== decision)}
                loading={sending === decision}
                onClick={() => void decide(decision)}
                aria-describedby={blocked.length > 0 ? blocked.map((block) => (block === 'maskedNotShown' ? 'kyc-masked-preview-caption' : `kyc-block-${block}`)).join(' ') : undefined}
                data-testid={`kyc-decide-${decision}`}
              >
                {t(`kyc.decisions.${decision}`)}
              </Button>
            );
          })}
        </Space>
        {failure ? <Alert type="error" showIcon message={failure} data-testid="kyc-decision-failure" /> : null}
      </Flex>
    </Card>
  );
}

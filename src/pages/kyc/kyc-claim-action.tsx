import { UserAddOutlined } from '@ant-design/icons';
import { useCustomMutation, useDataProvider } from '@refinedev/core';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canAccess } from '../../../common/access';
import { errorText } from '../../components/error-text';
import { notify, useIdentity, useRole } from '../../providers';
import { useRuntime } from '../../registry/registry-context';
import type { RowActionProps } from '../generic/row-actions';
import { useKycApi, type KycDocument, type KycSubject } from './kyc-api';

/**
 * "Claim" on a document's row of the review queue: the caller takes the document's subject
 * (`POST kyc/subjects/:id/claim`, its `new` documents become `pending`). Not a transition of
 * the document: it is the subject's, and it moves all its documents. On the show page the
 * review's decision panel offers it, beside the assignee.
 */
export function KycClaimAction({ record, place, onDone }: RowActionProps) {
  const { t } = useTranslation();
  const api = useKycApi();
  const me = useIdentity();
  const role = useRole();
  const { registry } = useRuntime();
  const dataProvider = useDataProvider();
  const { mutateAsync } = useCustomMutation<KycSubject>();
  const [busy, setBusy] = useState(false);
  const document = record as unknown as KycDocument;
  const mine = Boolean(me && document.assignee && String(document.assignee.id) === String(me.id));
  if (place !== 'row' || mine || !canAccess(role, { resource: 'kyc-documents', action: 'edit' }, registry.definitions)) return null;

  const claim = async () => {
    setBusy(true);
    try {
      // The claim checks the subject's version: read it as it is now.
      const { custom } = dataProvider();
      if (!custom) throw new Error('the data provider has no custom calls');
      const { data: subject } = await custom<KycSubject>({ url: api.subject(document.subjectId), method: 'get' });
      await mutateAsync({ url: api.claim(subject.id), method: 'post', values: { version: subject.version }, successNotification: false, errorNotification: false });
      notify({ type: 'success', key: 'kyc-claim', message: t('kyc.review.claimed', { name: subject.name }) });
      onDone();
    } catch (error) {
      notify({ type: 'error', key: 'kyc-claim', message: errorText(error, t) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      icon={<UserAddOutlined />}
      loading={busy}
      onClick={() => void claim()}
      aria-label={t('kyc.list.claimOne', { name: document.subjectName })}
      data-testid={`kyc-claim-${document.id}`}
    >
      {t('kyc.review.claim')}
    </Button>
  );
}

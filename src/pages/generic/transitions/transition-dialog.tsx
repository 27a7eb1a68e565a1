import { Form, Input, Modal, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition, TransitionDefinition } from '../../../../common/resources/types';
import { stateDefinition } from '../../../../common/resources/workflow';
import type { TransitionValues } from './transition-api';

/** The comment's limit: the comment field's, else the server's default (transitions-service.ts). */
function commentLimit(definition: ResourceDefinition): number {
  const field = definition.fields?.find((candidate) => candidate.name === definition.workflow?.commentField);
  return field?.maxLength ?? 2000;
}

export interface DialogRequest {
  transition: TransitionDefinition;
  /** The one record's name, or the number of records of a bulk run. */
  name?: string;
  count?: number;
  /** The area's own confirmation for this one record (src/registry/row-rules.ts), instead of workflow.confirm. */
  confirmKey?: string | undefined;
}

interface Props {
  definition: ResourceDefinition;
  request: DialogRequest | undefined;
  pending: boolean;
  onCancel(): void;
  onSubmit(values: TransitionValues): void;
}

/**
 * What a transition asks before it runs: a reason from its list, a comment (required or not),
 * and for a dangerous one a confirmation naming the state the record will be in.
 */
export function TransitionDialog({ definition, request, pending, onCancel, onSubmit }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TransitionValues>();
  const transition = request?.transition;
  const action = transition ? t(transition.labelKey) : '';
  const stateLabel = transition ? t(stateDefinition(definition, transition.to)?.labelKey ?? transition.to) : '';
  const bulk = request?.count !== undefined;
  const title = bulk ? t('workflow.bulkModalTitle', { action, count: request.count }) : t('workflow.modalTitle', { action, name: request?.name ?? '' });
  const submit = (values: TransitionValues) => {
    const comment = values.comment?.trim();
    onSubmit({ ...(values.reason ? { reason: values.reason } : {}), ...(comment ? { comment } : {}) });
  };

  return (
    <Modal
      open={request !== undefined}
      title={title}
      okText={action}
      cancelText={t('workflow.cancel')}
      okButtonProps={{ danger: Boolean(transition?.danger), loading: pending, ...{ 'data-testid': 'transition-submit' } }}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="transition-dialog"
    >
      <Form form={form} layout="vertical" onFinish={submit} preserve={false} data-testid="transition-form">
        {transition?.danger ? (
          <Typography.Paragraph data-testid="transition-confirm">
            {bulk
              ? t('workflow.bulkConfirm', { action, count: request.count, state: stateLabel })
              : t(request?.confirmKey ?? 'workflow.confirm', { action, name: request?.name ?? '', state: stateLabel })}
          </Typography.Paragraph>
        ) : null}
        {transition?.reasons?.length ? (
          <Form.Item name="reason" label={t('workflow.reason')} rules={[{ required: true, message: t('workflow.reasonRequired') }]}>
            <Radio.Group data-testid="transition-reason">
              <Space direction="vertical">
                {transition.reasons.map((reason) => (
                  <Radio key={String(reason.value)} value={reason.value} data-testid={`transition-reason-${String(reason.value)}`}>
                    {t(reason.labelKey)}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
        ) : null}
        {transition?.comment ? (
          <Form.Item
            name="comment"
            label={t('workflow.comment')}
            rules={transition.comment === 'required' ? [{ required: true, whitespace: true, message: t('workflow.commentRequired') }] : []}
          >
            <Input.TextArea rows={3} maxLength={commentLimit(definition)} showCount data-testid="transition-comment" />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}

import { Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TRIAGE_KEYS } from './triage-keys';

// The queue's keys, always on screen (one line), and in full in a dialog (`?`).

export function KeyboardLegend({ onMore }: { onMore(): void }) {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={12} align="center" data-testid="announcements-legend" aria-label={t('announcements.legend.title')} role="note">
      <Typography.Text type="secondary">{t('announcements.legend.title')}:</Typography.Text>
      {TRIAGE_KEYS.map(({ label, action }) => (
        <span key={action}>
          <Typography.Text keyboard>{label}</Typography.Text> {t(`announcements.legend.${action}`)}
        </span>
      ))}
      <Typography.Link onClick={onMore} data-testid="announcements-legend-more">
        {t('announcements.legend.more')}
      </Typography.Link>
    </Flex>
  );
}

export function LegendDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('announcements.legend.title')}>
      <dl style={{ margin: 0 }} data-testid="announcements-legend-dialog">
        {TRIAGE_KEYS.map(({ label, action }) => (
          <Flex key={action} gap={12} style={{ marginBlockEnd: 8 }}>
            <dt style={{ minInlineSize: 64 }}>
              <Typography.Text keyboard>{label}</Typography.Text>
            </dt>
            <dd style={{ margin: 0 }}>{t(`announcements.legendLong.${action}`)}</dd>
          </Flex>
        ))}
      </dl>
      <Typography.Paragraph type="secondary" style={{ marginBlock: 8 }}>
        {t('announcements.legendLong.note')}
      </Typography.Paragraph>
    </Modal>
  );
}

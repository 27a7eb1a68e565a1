import { Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListHotkey } from './list-keyboard';

interface KeyboardHelpProps {
  open: boolean;
  onClose(): void;
  /** Whether x selects (the list has checkboxes) and Enter opens (it has a show or edit page). */
  selects: boolean;
  opens: boolean;
  hotkeys: readonly ListHotkey[];
}

/** What `?` opens: every key the list answers to, its own and its transitions'. Escape closes it. */
export function KeyboardHelp({ open, onClose, selects, opens, hotkeys }: KeyboardHelpProps) {
  const { t } = useTranslation();
  const rows = [
    { keys: 'j / ↓', what: t('keyboard.next') },
    { keys: 'k / ↑', what: t('keyboard.previous') },
    ...(opens ? [{ keys: 'Enter', what: t('keyboard.open') }] : []),
    ...(selects ? [{ keys: 'x', what: t('keyboard.select') }] : []),
    ...hotkeys.map((hotkey) => ({ keys: hotkey.key, what: t(hotkey.labelKey) })),
    { keys: '?', what: t('keyboard.help') },
    { keys: 'Esc', what: t('keyboard.close') },
  ];
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('keyboard.title')} destroyOnHidden>
      <Table
        size="small"
        pagination={false}
        rowKey="keys"
        dataSource={rows}
        data-testid="keyboard-help-keys"
        columns={[
          { title: t('keyboard.key'), dataIndex: 'keys', width: 120, render: (keys: string) => <Typography.Text keyboard>{keys}</Typography.Text> },
          { title: t('keyboard.action'), dataIndex: 'what' },
        ]}
      />
    </Modal>
  );
}

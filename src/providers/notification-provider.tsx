import { CloseOutlined } from '@ant-design/icons';
import type { NotificationProvider, OpenNotificationParams } from '@refinedev/core';
import { Button, theme } from 'antd';
import { useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, ToastContainer, type CloseButtonProps, type ToastOptions } from 'react-toastify';

// react-toastify rather than antd's notifications: the issue asks for toasts
// the reader can drag away, that pause on hover and close after 5 s, which is
// its model; antd's cannot be dragged. They still follow the antd theme: the
// container reads colours, font and radius from the tokens (see <Toasts>).

export const TOAST_POSITION = 'top-right';
export const TOAST_AUTO_CLOSE_MS = 5000;
/** Below the shell's 64 px header, so a toast never covers Sign out or the language choice. */
export const TOAST_TOP_PX = 72;

export type ToastType = 'info' | 'success' | 'warning' | 'error';

export interface Notice {
  type: ToastType;
  message: string;
  description?: string;
  /** Same key, same toast: parallel failures replace each other instead of piling up. */
  key?: string;
}

function ToastBody({ message, description }: { message: string; description?: string | undefined }) {
  return (
    <div>
      <strong style={{ display: 'block' }}>{message}</strong>
      {description ? <span>{description}</span> : null}
    </div>
  );
}

function UndoBody({ message, description, onUndo }: { message: string; description?: string | undefined; onUndo(): void }) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
      <ToastBody message={message} description={description} />
      <Button size="small" onClick={onUndo}>
        {t('buttons.undo')}
      </Button>
    </div>
  );
}

function show(content: ReactNode, options: ToastOptions): void {
  const { toastId } = options;
  if (toastId !== undefined && toast.isActive(toastId)) toast.update(toastId, { ...options, render: content });
  else toast(content, options);
}

// The notices of this page, newest last: a toast closes after 5 s (sooner when dragged
// away), this list stays. <Toasts> renders it hidden, so a reader's tools and the browser
// tests can tell what was said after the toast is gone, however slow the machine.
const NOTICE_LOG_SIZE = 50;
let noticeLog: readonly Notice[] = [];
const noticeListeners = new Set<() => void>();

function record(notice: Notice): void {
  noticeLog = [...noticeLog.slice(1 - NOTICE_LOG_SIZE), notice];
  for (const listener of noticeListeners) listener();
}

function useNoticeLog(): readonly Notice[] {
  return useSyncExternalStore(
    (listener) => {
      noticeListeners.add(listener);
      return () => noticeListeners.delete(listener);
    },
    () => noticeLog,
  );
}

/** Opens a toast; the one function public pages, the session watcher and Refine all use. */
export function notify(notice: Notice): void {
  const { type, message, description, key } = notice;
  record(notice);
  show(<ToastBody message={message} description={description} />, { type, ...(key ? { toastId: key } : {}) });
}

/**
 * Refine's notificationProvider: success and error from its hooks, progress for undoable
 * mutations. Once the session has ended, the failures of the requests still under way are
 * not news: the session watcher has said why (or the reader signed out), so they stay silent.
 */
export function createNotificationProvider(sessionActive: () => boolean): NotificationProvider {
  return {
    open(params) {
      if (params.type === 'error' && !sessionActive()) return;
      openNotification(params);
    },
    close: (key) => toast.dismiss(key),
  };
}

function openNotification({ key, message, description, type, cancelMutation, undoableTimeout }: OpenNotificationParams): void {
  if (type !== 'progress') {
    notify({ type, message, description, ...(key ? { key } : {}) });
    return;
  }
  record({ type: 'info', message, ...(description ? { description } : {}) });
  show(
    <UndoBody
      message={message}
      description={description}
      onUndo={() => {
        cancelMutation?.();
        if (key) toast.dismiss(key);
      }}
    />,
    { type: 'info', autoClose: (undoableTimeout ?? 5) * 1000, ...(key ? { toastId: key } : {}) },
  );
}

function CloseButton({ closeToast }: CloseButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="Toastify__close-button"
      aria-label={t('notifications.close')}
      onClick={closeToast}
      style={{ color: 'inherit' }}
    >
      <CloseOutlined />
    </button>
  );
}

/** The one toast container: top-right, 5 s, pause on hover, draggable, coloured by the antd theme. */
export function Toasts({ dark, rtl }: { dark: boolean; rtl: boolean }) {
  const { token } = theme.useToken();
  const variables = {
    '--toastify-font-family': token.fontFamily,
    '--toastify-toast-bd-radius': `${token.borderRadiusLG}px`,
    '--toastify-color-light': token.colorBgElevated,
    '--toastify-color-dark': token.colorBgElevated,
    '--toastify-text-color-light': token.colorText,
    '--toastify-text-color-dark': token.colorText,
    '--toastify-color-info': token.colorInfo,
    '--toastify-color-success': token.colorSuccess,
    '--toastify-color-warning': token.colorWarning,
    '--toastify-color-error': token.colorError,
    '--toastify-color-progress-light': token.colorPrimary,
    '--toastify-color-progress-dark': token.colorPrimary,
    '--toastify-toast-top': `max(${TOAST_TOP_PX}px, env(safe-area-inset-top))`,
    display: 'contents',
  } as CSSProperties;
  return (
    <div style={variables} data-testid="toasts">
      <NoticeLog />
      <ToastContainer
        position={TOAST_POSITION}
        autoClose={TOAST_AUTO_CLOSE_MS}
        pauseOnHover
        pauseOnFocusLoss
        draggable
        closeOnClick={false}
        newestOnTop
        rtl={rtl}
        theme={dark ? 'dark' : 'light'}
        closeButton={CloseButton}
      />
    </div>
  );
}

/** The notices so far, hidden: what was said stays readable after its toast has gone. */
function NoticeLog() {
  const notices = useNoticeLog();
  return (
    <ol hidden data-testid="notice-log">
      {notices.map((notice, index) => (
        <li key={index} data-type={notice.type}>
          {notice.description ? `${notice.message} ${notice.description}` : notice.message}
        </li>
      ))}
    </ol>
  );
}

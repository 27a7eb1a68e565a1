import { Button, Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../../shell/lazy-page';

// Part of the entry: these views must show when the page's own code is what
// failed to load, so they use plain elements and theme tokens, no lazy chunk.

function ErrorFrame({ testId, code, title, children }: { testId: string; code: string; title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" justify="center" gap={16} data-testid={testId} role="alert" style={{ minHeight: 320, padding: 24, textAlign: 'center', color: token.colorText }}>
      <div aria-hidden style={{ fontSize: 56, fontWeight: 700, lineHeight: 1, color: token.colorError }}>{code}</div>
      <h1 style={{ margin: 0, fontSize: token.fontSizeHeading3, fontWeight: token.fontWeightStrong }}>{title}</h1>
      {children}
    </Flex>
  );
}

export function reloadPage(): void {
  window.location.reload();
}

/** A page that threw while rendering: the rest of the app (menu, header) keeps working. */
export function ServerErrorView({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <ErrorFrame testId="server-error" code="500" title={t('pages.serverError.title')}>
      <p style={{ margin: 0 }}>{t('pages.serverError.description')}</p>
      <code data-testid="server-error-detail" style={{ maxWidth: 640, overflowWrap: 'anywhere' }}>{detail}</code>
      <Flex gap={8} wrap justify="center">
        {onRetry ? <Button onClick={onRetry}>{t('pages.serverError.retry')}</Button> : null}
        <Button type="primary" onClick={reloadPage}>{t('pages.reload')}</Button>
      </Flex>
    </ErrorFrame>
  );
}

/** A script or stylesheet that did not arrive: name the request and offer a reload, never a white screen. */
export function ChunkErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const urls = isChunkLoadError(error) ? error.urls : [];
  const timedOut = isChunkLoadError(error) && error.timedOut;
  return (
    <ErrorFrame testId="chunk-error" code="!" title={t('pages.chunkError.title')}>
      <p style={{ margin: 0 }}>{timedOut ? t('pages.chunkError.timedOut') : t('pages.chunkError.failed')}</p>
      {urls.length > 0 ? (
        <div>
          <div>{t('pages.chunkError.request')}</div>
          {urls.map((url) => (
            <code key={url} data-testid="chunk-error-url" style={{ display: 'block', overflowWrap: 'anywhere' }}>
              {url}
            </code>
          ))}
        </div>
      ) : null}
      <Button type="primary" data-testid="chunk-error-reload" onClick={reloadPage}>
        {t('pages.reload')}
      </Button>
    </ErrorFrame>
  );
}

export function ErrorView({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return isChunkLoadError(error) ? <ChunkErrorView error={error} /> : <ServerErrorView error={error} {...(onRetry ? { onRetry } : {})} />;
}

import { useTranslation } from 'react-i18next';

export type ConfigProblem = { kind: 'unreachable'; reason: string } | { kind: 'invalid'; problems: string[] };

// Plain elements and inline styles: this screen must render even when the rest
// of the app (theme, antd chunks) is unavailable, and it is part of the entry.
const styles = {
  page: { minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16, fontFamily: 'system-ui, sans-serif', color: '#1f1f1f', background: '#f5f5f5' },
  panel: { maxWidth: 640, width: '100%', background: '#fff', border: '1px solid #f0f0f0', borderRadius: 8, padding: 24 },
  title: { marginTop: 0, fontSize: 22, color: '#cf1322' },
  code: { fontFamily: 'ui-monospace, monospace', background: '#fafafa', border: '1px solid #eee', borderRadius: 4, padding: '0 4px' },
} as const;

/**
 * Shown instead of the app when config/app.json cannot be read or is invalid:
 * an admin needs the exact problems, the reader needs to know it is not them.
 */
export function ConfigErrorPage({ problem }: { problem: ConfigProblem }) {
  const { t } = useTranslation();
  return (
    <div style={styles.page} data-testid="config-error">
      <main style={styles.panel} role="alert">
        <h1 style={styles.title}>{t('config.title')}</h1>
        {problem.kind === 'unreachable' ? (
          <p>{t('config.unreachable', { reason: problem.reason })}</p>
        ) : (
          <>
            <p>{t('config.invalid')}</p>
            <ul data-testid="config-problems">
              {problem.problems.map((item) => (
                <li key={item}>
                  <code style={styles.code}>{item}</code>
                </li>
              ))}
            </ul>
          </>
        )}
        <p>{t('config.hint')}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {t('config.reload')}
        </button>
      </main>
    </div>
  );
}

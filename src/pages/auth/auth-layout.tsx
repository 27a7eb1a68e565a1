import { Flex, theme, type InputRef } from 'antd';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainLanguageSelect } from '../../i18n/plain-language-select';
import { titleOf } from '../../shell/document-title';

/**
 * A ref for the field a public page starts in, focused by an effect instead of
 * autoFocus. React applies autoFocus in the middle of the commit: the focus
 * forces a style and layout of the page just inserted and antd's focus handler
 * re-renders the input, all inside the commit's task, the longest of the first
 * load. The effect of a first render runs in a task of its own.
 */
export function useFocusOnMount<T extends { focus(): void } = InputRef>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    // Not away from a field the reader is already in (one typed into before the app ran, src/prerender).
    if (!(document.activeElement instanceof HTMLInputElement)) ref.current?.focus();
  }, []);
  return ref;
}

/**
 * A link inside a sentence ("No account yet? Register"): underlined, as colour alone does
 * not set it apart from the words around it in the dark theme (axe link-in-text-block).
 */
export const IN_TEXT_LINK = { textDecoration: 'underline' } as const;

interface AuthLayoutProps {
  title: string;
  children: ReactNode;
}

/**
 * The frame of the public pages. Plain elements styled with theme tokens rather
 * than antd Card and Typography: those pull in Tabs, Dropdown, Menu and the
 * editable-text machinery, which the login route has no use for.
 */
export function AuthLayout({ title, children }: AuthLayoutProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const width = { width: '100%', maxWidth: 420 };
  useEffect(() => {
    document.title = titleOf(t, title);
  }, [t, title]);
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={24}
      // The theme's font: these pages are outside antd's <App>, and the browser's default is a serif.
      style={{ minHeight: '100vh', padding: 16, background: token.colorBgLayout, color: token.colorText, fontFamily: token.fontFamily }}
    >
      <Flex justify="space-between" align="center" gap={16} style={width}>
        <span style={{ fontSize: token.fontSizeHeading3, fontWeight: token.fontWeightStrong, color: token.colorPrimary }}>
          {t('app.title')}
        </span>
        <PlainLanguageSelect />
      </Flex>
      <main
        style={{
          ...width,
          boxSizing: 'border-box',
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
        }}
      >
        <h1 style={{ marginTop: 0, fontSize: token.fontSizeHeading4, fontWeight: token.fontWeightStrong }}>{title}</h1>
        {children}
      </main>
    </Flex>
  );
}

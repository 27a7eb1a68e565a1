import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useState, type CSSProperties, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

// The login page's text boxes: the browser's input drawn with antd's tokens, as antd's
// Input draws it (border, hover, focus ring, error colour, dark theme, right to left).
// antd's Input brings its form context, and with it rc-field-form and async-validator,
// about 13 KiB of the first load for two fields. Behind the login every field is antd's.

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'style'> & { status?: 'error' | undefined; ref?: Ref<HTMLInputElement> };

/** The frame's colours for the state it is in, from antd's Input tokens. */
function useFrame(status: 'error' | undefined, focused: boolean, hovered: boolean): CSSProperties {
  const { token } = theme.useToken();
  const error = status === 'error';
  const border = focused ? (error ? token.colorError : token.colorPrimary) : hovered ? (error ? token.colorErrorBorderHover : token.colorPrimaryHover) : error ? token.colorError : token.colorBorder;
  return {
    display: 'flex',
    alignItems: 'center',
    width: '100%',
    minHeight: token.controlHeight,
    padding: `0 ${token.paddingSM - token.lineWidth}px`,
    background: token.colorBgContainer,
    border: `${token.lineWidth}px ${token.lineType} ${border}`,
    borderRadius: token.borderRadius,
    boxShadow: focused ? `0 0 0 ${token.controlOutlineWidth}px ${error ? token.colorErrorOutline : token.controlOutline}` : 'none',
    transition: `all ${token.motionDurationMid}`,
    boxSizing: 'border-box',
  };
}

function useFieldText(): CSSProperties {
  const { token } = theme.useToken();
  return {
    flex: 1,
    minWidth: 0,
    padding: `${Math.max(0, (token.controlHeight - token.fontSize * token.lineHeight) / 2 - token.lineWidth)}px 0`,
    border: 'none',
    outline: 'none',
    background: 'transparent',
    color: token.colorText,
    font: 'inherit',
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
  };
}

function useHoverFocus() {
  const [focused, setFocused] = useState(false);
  const [hovered, setHovered] = useState(false);
  return {
    focused,
    hovered,
    frameEvents: { onMouseEnter: () => setHovered(true), onMouseLeave: () => setHovered(false), onFocus: () => setFocused(true), onBlur: () => setFocused(false) },
  };
}

export function PlainInput({ status, ...input }: Props) {
  const { focused, hovered, frameEvents } = useHoverFocus();
  return (
    <span style={useFrame(status, focused, hovered)} {...frameEvents}>
      <input {...input} style={useFieldText()} />
    </span>
  );
}

/** A password box with a button that shows or hides what was typed, named for readers. */
export function PlainPassword({ status, ...input }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [shown, setShown] = useState(false);
  const { focused, hovered, frameEvents } = useHoverFocus();
  const Icon = shown ? EyeOutlined : EyeInvisibleOutlined;
  return (
    <span style={useFrame(status, focused, hovered)} {...frameEvents}>
      <input {...input} type={shown ? 'text' : 'password'} style={useFieldText()} />
      <button
        type="button"
        aria-label={t(shown ? 'auth.hidePassword' : 'auth.showPassword')}
        aria-pressed={shown}
        aria-controls={input.id}
        onClick={() => setShown((value) => !value)}
        // 24 px square at least: a target a finger can hit (WCAG 2.5.8), inside the 32 px box.
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          minWidth: 24,
          minHeight: 24,
          padding: 0,
          marginInlineEnd: -token.paddingXXS,
          border: 'none',
          background: 'none',
          color: token.colorTextDescription,
          cursor: 'pointer',
          fontSize: token.fontSize,
        }}
      >
        <Icon aria-hidden />
      </button>
    </span>
  );
}

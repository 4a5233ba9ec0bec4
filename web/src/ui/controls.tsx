import { type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type Ref, useState } from 'react';
import { Glyph, type GlyphName } from './glyphs';

/**
 * Light controls for the screens outside the signed-in shell (login, error pages), styled after
 * antd's from the theme's CSS variables so they match it in light and dark without loading antd.
 */

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'default' | 'text' | 'link';
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
  loading?: boolean;
  icon?: ReactNode;
};

export function Button({
  variant = 'default',
  size = 'middle',
  block,
  loading,
  icon,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = ['ui-btn', `ui-btn-${variant}`, `ui-btn-${size}`, block ? 'ui-btn-block' : '', className ?? ''];
  return (
    <button
      {...rest}
      type={type}
      className={classes.filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading ? <Glyph name="loading" spin /> : icon}
      {children !== undefined && <span>{children}</span>}
    </button>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'prefix'> & {
  prefix?: GlyphName;
  invalid?: boolean;
  /** A password box with a show/hide switch. */
  password?: { show: string; hide: string };
  ref?: Ref<HTMLInputElement>;
};

export function TextField({ prefix, invalid, password, className, type = 'text', ref, ...rest }: TextFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <span className={['ui-input', invalid ? 'ui-input-invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      {prefix && <Glyph name={prefix} className="ui-input-prefix" />}
      <input
        {...rest}
        ref={ref}
        type={password ? (visible ? 'text' : 'password') : type}
        aria-invalid={invalid || undefined}
      />
      {password && (
        <button
          type="button"
          className="ui-input-suffix"
          onClick={() => setVisible(!visible)}
          aria-label={visible ? password.hide : password.show}
          aria-pressed={visible}
        >
          <Glyph name={visible ? 'eye' : 'eyeInvisible'} />
        </button>
      )}
    </span>
  );
}

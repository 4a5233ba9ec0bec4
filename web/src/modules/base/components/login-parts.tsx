import type { Captcha } from '@backroom/contract';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, LOCALES, type Locale, setLocale } from '../../../core/i18n';
import { Button } from '../../../ui/controls';
import { BrandMark, Glyph } from '../../../ui/glyphs';

/*
 * The pieces of the sign-in screen (views/login.tsx) around its form. Like the screen, they carry
 * no antd: the first screen a visitor sees loads little.
 */

/** The languages to choose from, above the card. */
export function LoginLanguages() {
  const { t, i18n } = useTranslation();
  return (
    <nav className="login-langs" aria-label={t('layout.language')}>
      {LOCALES.map((locale) => (
        <Button
          key={locale}
          variant={i18n.language === locale ? 'link' : 'text'}
          size="small"
          aria-current={i18n.language === locale || undefined}
          lang={locale === 'en' ? 'en' : locale === 'zh-tw' ? 'zh-TW' : 'zh-CN'}
          onClick={() => void setLocale(locale as Locale)}
        >
          {LOCALE_NAMES[locale]}
        </Button>
      ))}
    </nav>
  );
}

/** The product's mark, name and slogan at the top of the card. */
export function LoginBrand() {
  const { t } = useTranslation();
  return (
    <div className="login-brand">
      <BrandMark size={40} />
      <div>
        <h1>{t('app.name')}</h1>
        <p>{t('app.slogan')}</p>
      </div>
    </div>
  );
}

/** Why the last attempt was refused. */
export function LoginRefusal({ text }: { text: string }) {
  return (
    <div className="login-refusal" role="alert" data-testid="login-refusal">
      <Glyph name="closeCircle" className="login-refusal-icon" />
      <span>{text}</span>
    </div>
  );
}

/** The captcha's picture, a button that fetches another; a retry where it could not be fetched. */
export function CaptchaButton({
  captcha,
  failed,
  onRefresh,
}: {
  captcha: Captcha | null;
  failed: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="captcha-image"
      onClick={onRefresh}
      title={t('login.captchaRefresh')}
      aria-label={t('login.captchaRefresh')}
      data-testid="captcha"
    >
      {captcha ? (
        <img src={captcha.data} alt={t('login.captcha')} />
      ) : failed ? (
        <span className="captcha-retry">{t('common.retry')}</span>
      ) : (
        <span className="captcha-loading" />
      )}
    </button>
  );
}

/** Sign-in with enterprise WeChat, below the form; busy while the page leaves for WeCom or comes back from it. */
export function WecomAction({
  busy,
  returning,
  disabled,
  onClick,
}: {
  busy: boolean;
  returning: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="login-alt">
      <div className="login-alt-divider" aria-hidden="true">
        {t('login.or')}
      </div>
      <Button size="large" block loading={busy} disabled={disabled} onClick={onClick} data-testid="wecom-sign-in">
        {busy && returning ? t('login.wecomSigningIn') : t('login.wecom')}
      </Button>
    </div>
  );
}

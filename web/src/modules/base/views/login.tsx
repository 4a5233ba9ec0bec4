import type { Captcha, SecondFactorChallenge, TokenPair } from '@backroom/contract';
import { type ChangeEvent, type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { sessionApi } from '../../../core/endpoint-refs';
import { LOCALE_NAMES, LOCALES, type Locale, setLocale } from '../../../core/i18n';
import { loginPath, rememberSignOut, returnPath, signOutUsername } from '../../../core/redirect';
import { call, RequestError } from '../../../core/request';
import { mayReturnTo, useSession } from '../../../core/session';
import { Button, TextField } from '../../../ui/controls';
import { BrandMark, Glyph } from '../../../ui/glyphs';
import { isChallenge, SecondFactorForm } from '../components/second-factor-form';
import { startWecomSignIn, takeWecomSignIn, wecomCallbackOf } from '../components/wecom-sign-in';

type Field = 'username' | 'password' | 'verifyCode';
type Values = Record<Field, string>;

const FIELDS: readonly Field[] = ['username', 'password', 'verifyCode'];
const FIELDS_WITHOUT_CAPTCHA: readonly Field[] = ['username', 'password'];
/** The i18n key of each field's message when it is empty (docs/spec.md §5). */
const REQUIRED: Record<Field, string> = {
  username: 'login.usernameRequired',
  password: 'login.passwordRequired',
  verifyCode: 'login.captchaRequired',
};

/** A password may be spaces; the other two may not be only spaces. */
const isEmpty = (field: Field, value: string) => (field === 'password' ? value === '' : value.trim() === '');

/** WeCom codes this page has sent to the server: each once, even when React runs an effect twice. */
const wecomCodesSent = new Set<string>();

/** The field's own surface (styles.css --br-input-bg), so the captcha is drawn on it, light or dark. */
function captchaSurface(): string | undefined {
  const value = getComputedStyle(document.documentElement).getPropertyValue('--br-input-bg').trim();
  return /^#[0-9a-fA-F]{3,8}$/.test(value) ? value : undefined;
}

/**
 * The sign-in screen (base/open/login). It carries no antd: its form, messages and controls are the
 * light ones of ui/, so the first screen a visitor sees loads little (the shell and antd come after
 * sign-in). The app shows it outside the shell, so it is exported from the module's index.
 */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const begin = useSession((s) => s.begin);
  // Whether the server asks for a captcha (CAPTCHA=off skips it): unknown until it has said.
  const [captchaOn, setCaptchaOn] = useState<boolean | null>(null);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [captchaFailed, setCaptchaFailed] = useState(false);
  // The captcha field was just shown for a refused sign-in: the cursor goes there once it renders.
  const [focusCaptcha, setFocusCaptcha] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // After a password change the user signs in again: the name stays filled in.
  const [keptUsername] = useState(signOutUsername);
  const [values, setValues] = useState<Values>({ username: keptUsername ?? '', password: '', verifyCode: '' });
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const [invalid, setInvalid] = useState<Partial<Record<Field, boolean>>>({});
  // Why the last attempt was refused; it stays on the form until the user types again.
  const [refusal, setRefusal] = useState<string | null>(null);
  // Whether staff may sign in with enterprise WeChat (the server has it configured).
  const [wecomOn, setWecomOn] = useState(false);
  // Back from WeCom's QR page: this address carries its code and state.
  const [wecomCallback] = useState(() => wecomCallbackOf(location.search));
  const [wecomBusy, setWecomBusy] = useState(wecomCallback !== null);
  const fields = captchaOn === false ? FIELDS_WITHOUT_CAPTCHA : FIELDS;
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const refreshCaptcha = useCallback(async () => {
    try {
      setCaptcha(await call(sessionApi.captcha, { width: 150, height: 40, color: captchaSurface() }));
      setCaptchaFailed(false);
    } catch {
      setCaptcha(null);
      setCaptchaFailed(true);
    }
  }, []);

  // The browser tab names the page, in the language chosen.
  const pageTitle = t('login.title');
  useEffect(() => {
    document.title = `${pageTitle} - Backroom`;
  }, [pageTitle]);

  useEffect(() => {
    let live = true;
    call(sessionApi.loginOptions, {}, { silent: true })
      .then((options) => {
        if (!live) return;
        setCaptchaOn(options.captcha);
        setWecomOn(options.enterpriseWeChat);
      })
      // Not known: ask for the code, as the server does by default.
      .catch(() => live && setCaptchaOn(true));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (captchaOn) void refreshCaptcha();
  }, [captchaOn, refreshCaptcha]);

  useEffect(() => {
    if (!focusCaptcha || !captchaOn) return;
    inputs.current.verifyCode?.focus();
    setFocusCaptcha(false);
  }, [focusCaptcha, captchaOn]);

  // Like antd's forms: a field is checked as it changes, and all of them on submit.
  const handleChange = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setInvalid((current) => ({ ...current, [field]: isEmpty(field, value) }));
    setRefusal(null);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const problems = Object.fromEntries(fields.map((f) => [f, isEmpty(f, values[f])])) as Partial<
      Record<Field, boolean>
    >;
    setInvalid(problems);
    const first = fields.find((f) => problems[f]);
    if (first) {
      inputs.current[first]?.focus();
      return;
    }
    setSubmitting(true);
    setRefusal(null);
    try {
      const pair = await call(
        sessionApi.login,
        {
          username: values.username.trim(),
          password: values.password,
          ...(captchaOn === false ? {} : { captchaId: captcha?.captchaId, verifyCode: values.verifyCode.trim() }),
        },
        // The form says why, and keeps saying it until the user types: no toast that fades.
        { silent: true },
      );
      handleSignedIn(pair);
    } catch (error) {
      // The password was right: on to the second step (components/second-factor-form.tsx).
      if (error instanceof RequestError && isChallenge(error.data)) {
        setChallenge(error.data);
        return;
      }
      setRefusal(error instanceof RequestError && error.message ? error.message : t('request.network'));
      if (captchaOn === false) {
        // An account past its free attempts needs a captcha even when the server asks for none.
        const username = values.username.trim();
        const options = await call(sessionApi.loginOptions, { username }, { silent: true }).catch(() => null);
        if (options?.captcha) {
          setCaptchaOn(true);
          setFocusCaptcha(true);
        } else {
          inputs.current.password?.select();
        }
      } else {
        // A captcha is good for one attempt only: a new one, and its field to type it in.
        setValues((current) => ({ ...current, verifyCode: '' }));
        void refreshCaptcha();
        inputs.current.verifyCode?.focus();
      }
    } finally {
      setSubmitting(false);
    }
  };

  /** Signed in: on to the page the login was asked for from (`search` holds its `redirect`). */
  const handleSignedIn = (pair: TokenPair, search = location.search) => {
    // The way back is the last user's screen: only the same person returns to it.
    const back = mayReturnTo(values.username.trim() || undefined) ? returnPath(search) : null;
    // A new session starts from nothing of the last user's (tabs, cached lists, menus).
    begin(pair);
    rememberSignOut(null);
    navigate(back ?? '/', { replace: true });
  };

  // The sign-in WeCom sent back: its code is exchanged once, if this tab started it
  // (components/wecom-sign-in.ts); a second factor, where the account has one, follows as after a password.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the address the page opened with.
  useEffect(() => {
    if (!wecomCallback || wecomCodesSent.has(wecomCallback.code)) return;
    wecomCodesSent.add(wecomCallback.code);
    const started = takeWecomSignIn(wecomCallback.state);
    // The code and state leave the address bar; the way back stays.
    const back = loginPath(started ? (started.back ?? undefined) : undefined);
    navigate(back, { replace: true });
    if (!started) {
      setRefusal(t('login.wecomElsewhere'));
      setWecomBusy(false);
      return;
    }
    call(sessionApi.wecomLoginAccessToken, wecomCallback, { silent: true })
      .then((pair) => handleSignedIn(pair, back.slice('/login'.length)))
      .catch((error: unknown) => {
        if (error instanceof RequestError && isChallenge(error.data)) {
          setChallenge(error.data);
          return;
        }
        setRefusal(error instanceof RequestError && error.message ? error.message : t('request.network'));
      })
      .finally(() => setWecomBusy(false));
  }, []);

  const handleWecom = async () => {
    setWecomBusy(true);
    setRefusal(null);
    try {
      // The page leaves for WeCom's QR page: the button stays busy until it has.
      await startWecomSignIn(returnPath(location.search));
    } catch (error) {
      setRefusal(error instanceof RequestError && error.message ? error.message : t('request.network'));
      setWecomBusy(false);
    }
  };

  const field = (name: Field) => ({
    id: name,
    name,
    value: values[name],
    invalid: invalid[name],
    'aria-describedby': invalid[name] ? `${name}-error` : undefined,
    ref: (el: HTMLInputElement | null) => {
      inputs.current[name] = el;
    },
    onChange: (e: ChangeEvent<HTMLInputElement>) => handleChange(name, e.target.value),
  });
  const error = (name: Field) =>
    invalid[name] ? (
      <div className="field-error" id={`${name}-error`} role="alert">
        {t(REQUIRED[name])}
      </div>
    ) : null;

  return (
    <div className="login-page">
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
      <main className="login-card">
        <div className="login-brand">
          <BrandMark size={40} />
          <div>
            <h1>{t('app.name')}</h1>
            <p>{t('app.slogan')}</p>
          </div>
        </div>
        {challenge ? (
          <SecondFactorForm
            challenge={challenge}
            onSignedIn={handleSignedIn}
            onBack={() => {
              setChallenge(null);
              setValues((current) => ({ ...current, password: '', verifyCode: '' }));
              // A captcha is good for one attempt: a new one where the form shows it.
              if (captchaOn) void refreshCaptcha();
            }}
          />
        ) : (
          <form
            className="login-form"
            onSubmit={(e) => void handleSubmit(e)}
            noValidate
            autoComplete="on"
            data-captcha={captchaOn === null ? undefined : captchaOn ? 'on' : 'off'}
          >
            {refusal && (
              <div className="login-refusal" role="alert" data-testid="login-refusal">
                <Glyph name="closeCircle" className="login-refusal-icon" />
                <span>{refusal}</span>
              </div>
            )}
            <div className="field">
              <label htmlFor="username">{t('login.username')}</label>
              <TextField
                {...field('username')}
                prefix="user"
                autoComplete="username"
                autoFocus={!keptUsername}
                maxLength={100}
              />
              {error('username')}
            </div>
            <div className="field">
              <label htmlFor="password">{t('login.password')}</label>
              <TextField
                {...field('password')}
                prefix="lock"
                autoComplete="current-password"
                maxLength={100}
                password={{ show: t('login.showPassword'), hide: t('login.hidePassword') }}
                autoFocus={Boolean(keptUsername)}
              />
              {error('password')}
            </div>
            {captchaOn && (
              <div className="field">
                <label htmlFor="verifyCode">{t('login.captcha')}</label>
                <div className="login-captcha">
                  <TextField
                    {...field('verifyCode')}
                    prefix="safety"
                    maxLength={10}
                    autoComplete="off"
                    inputMode="numeric"
                  />
                  <button
                    type="button"
                    className="captcha-image"
                    onClick={() => void refreshCaptcha()}
                    title={t('login.captchaRefresh')}
                    aria-label={t('login.captchaRefresh')}
                    data-testid="captcha"
                  >
                    {captcha ? (
                      <img src={captcha.data} alt={t('login.captcha')} />
                    ) : captchaFailed ? (
                      <span className="captcha-retry">{t('common.retry')}</span>
                    ) : (
                      <span className="captcha-loading" />
                    )}
                  </button>
                </div>
                {error('verifyCode')}
              </div>
            )}
            <Button type="submit" variant="primary" size="large" block loading={submitting} disabled={wecomBusy}>
              {t('login.submit')}
            </Button>
            {(wecomOn || wecomBusy) && (
              <div className="login-alt">
                <div className="login-alt-divider" aria-hidden="true">
                  {t('login.or')}
                </div>
                <Button
                  size="large"
                  block
                  loading={wecomBusy}
                  disabled={submitting}
                  onClick={() => void handleWecom()}
                  data-testid="wecom-sign-in"
                >
                  {wecomBusy && wecomCallback ? t('login.wecomSigningIn') : t('login.wecom')}
                </Button>
              </div>
            )}
          </form>
        )}
      </main>
    </div>
  );
}

import type { SecondFactorChallenge, TokenPair } from '@backroom/contract';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { sessionApi } from '../../../core/endpoint-refs';
import { loginPath, rememberSignOut, returnPath, signOutUsername } from '../../../core/redirect';
import { call, RequestError } from '../../../core/request';
import { mayReturnTo, useSession } from '../../../core/session';
import { Button, TextField } from '../../../ui/controls';
import { CaptchaButton, LoginBrand, LoginLanguages, LoginRefusal, WecomAction } from '../components/login-parts';
import { isChallenge, SecondFactorForm } from '../components/second-factor-form';
import { startWecomSignIn, takeWecomSignIn, wecomCallbackOf } from '../components/wecom-sign-in';
import { useLoginOptions } from '../hooks/use-login-options';

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

/**
 * The sign-in screen (base/open/login). It carries no antd: its form, messages and controls are the
 * light ones of ui/, so the first screen a visitor sees loads little (the shell and antd come after
 * sign-in). The app shows it outside the shell, so it is exported from the module's index.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const begin = useSession((s) => s.begin);
  const { captchaOn, setCaptchaOn, captcha, captchaFailed, refreshCaptcha, wecomOn } = useLoginOptions();
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
  // Back from WeCom's QR page: this address carries its code and state.
  const [wecomCallback] = useState(() => wecomCallbackOf(location.search));
  const [wecomBusy, setWecomBusy] = useState(wecomCallback !== null);
  const fields = captchaOn === false ? FIELDS_WITHOUT_CAPTCHA : FIELDS;
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  // The browser tab names the page, in the language chosen.
  const pageTitle = t('login.title');
  useEffect(() => {
    document.title = `${pageTitle} - Backroom`;
  }, [pageTitle]);

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
      <LoginLanguages />
      <main className="login-card">
        <LoginBrand />
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
            {refusal && <LoginRefusal text={refusal} />}
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
                  <CaptchaButton captcha={captcha} failed={captchaFailed} onRefresh={() => void refreshCaptcha()} />
                </div>
                {error('verifyCode')}
              </div>
            )}
            <Button type="submit" variant="primary" size="large" block loading={submitting} disabled={wecomBusy}>
              {t('login.submit')}
            </Button>
            {(wecomOn || wecomBusy) && (
              <WecomAction
                busy={wecomBusy}
                returning={wecomCallback !== null}
                disabled={submitting}
                onClick={() => void handleWecom()}
              />
            )}
          </form>
        )}
      </main>
    </div>
  );
}

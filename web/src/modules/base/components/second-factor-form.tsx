import type { SecondFactorChallenge, TokenPair } from '@backroom/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionApi } from '../../../core/endpoint-refs';
import { call } from '../../../core/request';
import { Button, TextField } from '../../../ui/controls';
import './second-factor.css';

/** Whether a refused login's data is a second-factor challenge (docs/architecture.md, "Account security"). */
export function isChallenge(data: unknown): data is SecondFactorChallenge {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as SecondFactorChallenge).secondFactor === 'totp' &&
    typeof (data as SecondFactorChallenge).challenge === 'string'
  );
}

/**
 * The login's second step: the authenticator app's code, or a recovery code. Like the login page
 * it carries no antd. A wrong code may be tried again; an expired challenge goes back to the password.
 */
export function SecondFactorForm({
  challenge,
  onSignedIn,
  onBack,
}: {
  challenge: SecondFactorChallenge;
  onSignedIn(pair: TokenPair): void;
  onBack(): void;
}) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const startedAt = useRef(Date.now());

  useEffect(() => {
    // `recovery` switches the field: the focus follows it.
    void recovery;
    input.current?.focus();
  }, [recovery]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (code.trim() === '') {
      setInvalid(true);
      input.current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      onSignedIn(await call(sessionApi.login, { challenge: challenge.challenge, code: code.trim() }));
    } catch {
      // The request layer has shown why. A challenge taken or expired needs the password again.
      if (Date.now() >= startedAt.current + challenge.expire * 1000) onBack();
      setCode('');
      input.current?.focus();
    } finally {
      setSubmitting(false);
    }
  };
  const id = recovery ? 'recoveryCode' : 'totpCode';
  return (
    <form className="login-form" onSubmit={(e) => void handleSubmit(e)} noValidate>
      <h2 className="second-factor-title">{t('secondFactor.title')}</h2>
      <p className="second-factor-intro">{recovery ? t('secondFactor.recoveryIntro') : t('secondFactor.intro')}</p>
      <div className="field">
        <label htmlFor={id}>{recovery ? t('secondFactor.recovery') : t('secondFactor.code')}</label>
        <TextField
          key={id}
          id={id}
          name={id}
          ref={input}
          prefix="safety"
          value={code}
          invalid={invalid}
          aria-describedby={invalid ? `${id}-error` : undefined}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 20 : 6}
          onChange={(e) => {
            setCode(e.target.value);
            setInvalid(e.target.value.trim() === '');
          }}
        />
        {invalid && (
          <div className="field-error" id={`${id}-error`} role="alert">
            {t('secondFactor.required')}
          </div>
        )}
      </div>
      <Button type="submit" variant="primary" size="large" block loading={submitting}>
        {t('secondFactor.submit')}
      </Button>
      <div className="second-factor-links">
        <Button
          variant="link"
          size="small"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setInvalid(false);
          }}
        >
          {recovery ? t('secondFactor.useApp') : t('secondFactor.useRecovery')}
        </Button>
        <Button variant="link" size="small" onClick={onBack}>
          {t('secondFactor.back')}
        </Button>
      </div>
    </form>
  );
}

import type { Captcha } from '@backroom/contract';
import { useCallback, useEffect, useState } from 'react';
import { sessionApi } from '../../../core/endpoint-refs';
import { call } from '../../../core/request';

/** The field's own surface (styles.css --br-input-bg), so the captcha is drawn on it, light or dark. */
function captchaSurface(): string | undefined {
  const value = getComputedStyle(document.documentElement).getPropertyValue('--br-input-bg').trim();
  return /^#[0-9a-fA-F]{3,8}$/.test(value) ? value : undefined;
}

/**
 * What the sign-in asks for, as the server says (base/open/loginOptions): whether a captcha (and
 * the captcha itself, fetched again whenever it is asked for) and whether enterprise WeChat is offered.
 */
export function useLoginOptions() {
  // Whether the server asks for a captcha (CAPTCHA=off skips it): unknown until it has said.
  const [captchaOn, setCaptchaOn] = useState<boolean | null>(null);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [captchaFailed, setCaptchaFailed] = useState(false);
  // Whether staff may sign in with enterprise WeChat (the server has it configured).
  const [wecomOn, setWecomOn] = useState(false);

  const refreshCaptcha = useCallback(async () => {
    try {
      setCaptcha(await call(sessionApi.captcha, { width: 150, height: 40, color: captchaSurface() }));
      setCaptchaFailed(false);
    } catch {
      setCaptcha(null);
      setCaptchaFailed(true);
    }
  }, []);

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

  return { captchaOn, setCaptchaOn, captcha, captchaFailed, refreshCaptcha, wecomOn };
}

import { randomUUID } from 'node:crypto';
import type { Cache } from '../cache.js';
import type { Counters } from '../counters.js';
import { AppError } from '../errors.js';

const TTL_SECONDS = 300;
/** Captchas one IP may ask for per window: a person reloads a few; a flood is refused. */
const PER_IP = 60;
const PER_IP_WINDOW_SECONDS = 60;

export type CaptchaService = {
  /** A new captcha, or a 429 `auth.captchaLimit` when this IP has asked for too many. */
  create(
    options: { width?: number; height?: number; color?: string },
    ip: string,
  ): Promise<{ captchaId: string; data: string }>;
  /** True once for the right answer; the captcha is gone after any attempt. */
  check(captchaId: string | undefined, answer: string | number | undefined): Promise<boolean>;
  /** The answer, left in place: for tests that sign in with the captcha on. */
  peek(captchaId: string): Promise<string | undefined>;
};

/**
 * Captchas in a store of their own (the embedded mode gives them a bounded cache apart from the
 * shared one, so a flood drops only older captchas), limited per IP by the counters.
 */
export function createCaptchaService(store: Cache, counters: Counters): CaptchaService {
  const key = (captchaId: string) => `captcha:${captchaId}`;
  return {
    async create({ width = 150, height = 50, color }, ip) {
      const allowed = await counters.reserve([{ key: `captcha-ip:${ip}`, limit: PER_IP }], PER_IP_WINDOW_SECONDS);
      if (!allowed) throw new AppError(429, 'auth.captchaLimit');
      // svg-captcha loads a font at import: only once somebody asks for a captcha.
      const { default: svgCaptcha } = await import('svg-captcha');
      const captcha = svgCaptcha.create({
        size: 4,
        charPreset: '0123456789',
        noise: 2,
        width,
        height,
        fontSize: Math.round(height * 0.9),
        color: color === undefined,
        background: color,
      });
      const captchaId = randomUUID();
      await store.set(key(captchaId), captcha.text.toLowerCase(), TTL_SECONDS);
      return { captchaId, data: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
    },
    async check(captchaId, answer) {
      if (!captchaId || answer === undefined || answer === '') return false;
      const expected = await store.take(key(captchaId));
      return expected !== undefined && expected === String(answer).trim().toLowerCase();
    },
    peek: (captchaId) => store.get(key(captchaId)),
  };
}

import { randomUUID } from 'node:crypto';
import type { Cache } from '../cache.js';

const TTL_SECONDS = 300;

export type CaptchaService = {
  create(options: { width?: number; height?: number; color?: string }): Promise<{ captchaId: string; data: string }>;
  /** True once for the right answer; the captcha is gone after any attempt. */
  check(captchaId: string | undefined, answer: string | number | undefined): Promise<boolean>;
};

export function createCaptchaService(cache: Cache): CaptchaService {
  return {
    async create({ width = 150, height = 50, color }) {
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
      await cache.set(`captcha:${captchaId}`, captcha.text.toLowerCase(), TTL_SECONDS);
      return { captchaId, data: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
    },
    async check(captchaId, answer) {
      if (!captchaId || answer === undefined || answer === '') return false;
      const expected = await cache.take(`captcha:${captchaId}`);
      return expected !== undefined && expected === String(answer).trim().toLowerCase();
    },
  };
}

import { randomUUID } from 'node:crypto';
import type { Cache } from '../cache.js';
import type { Counters } from '../counters.js';
import { AppError } from '../errors.js';

const TTL_SECONDS = 300;
/** Captchas one IP may ask for per window: a person reloads a few; a flood is refused. */
const PER_IP = 60;
const PER_IP_WINDOW_SECONDS = 60;
/** The surface a captcha is drawn on when the client names none. */
const DEFAULT_BACKGROUND = '#ffffff';
/** WCAG's contrast for normal text: the digits must read at least this well against the surface. */
export const CAPTCHA_MIN_CONTRAST = 4.5;

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
      const background = expandHex(color ?? DEFAULT_BACKGROUND);
      const captcha = svgCaptcha.create({
        size: 4,
        charPreset: '0123456789',
        noise: 3,
        width,
        height,
        fontSize: Math.round(height * 0.9),
        background,
      });
      const svg = recolour(captcha.data, background);
      const captchaId = randomUUID();
      await store.set(key(captchaId), captcha.text.toLowerCase(), TTL_SECONDS);
      return { captchaId, data: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    },
    async check(captchaId, answer) {
      if (!captchaId || answer === undefined || answer === '') return false;
      const expected = await store.take(key(captchaId));
      return expected !== undefined && expected === String(answer).trim().toLowerCase();
    },
    peek: (captchaId) => store.get(key(captchaId)),
  };
}

/** `#abc` and `#abcd` as `#aabbcc`; an alpha part is dropped (the surface is drawn opaque). */
function expandHex(color: string): string {
  const hex = color.slice(1);
  const full = hex.length <= 4 ? [...hex.slice(0, 3)].map((c) => c + c).join('') : hex.slice(0, 6);
  return `#${full.toLowerCase()}`;
}

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** WCAG 2 relative luminance of an `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function hslToHex(h: number, s: number, l: number): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (v: number) =>
    Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

/**
 * A colour of random hue that reads against `background`: dark on a light surface, light on a dark
 * one, never below the text contrast. Digits and noise lines get colours alike, so a bot cannot
 * tell the lines apart by colour.
 */
export function readableColour(background: string): string {
  const light = luminance(background) > 0.18;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const hue = Math.random() * 360;
    const saturation = 0.55 + Math.random() * 0.3;
    const lightness = light ? 0.15 + Math.random() * 0.25 : 0.68 + Math.random() * 0.2;
    const colour = hslToHex(hue, saturation, lightness);
    if (contrastRatio(colour, background) >= CAPTCHA_MIN_CONTRAST) return colour;
  }
  return light ? '#000000' : '#ffffff';
}

/**
 * svg-captcha's pastel colours replaced with readable ones: each digit filled and outlined in one
 * colour (a heavier stroke than the font's hairline, for people), each line in another.
 */
function recolour(svg: string, background: string): string {
  return svg
    .replace(/<path fill="#[0-9a-fA-F]{3,8}"/g, () => {
      const colour = readableColour(background);
      return `<path fill="${colour}" stroke="${colour}" stroke-width="1.2" stroke-linejoin="round"`;
    })
    .replace(/stroke="#[0-9a-fA-F]{3,8}" fill="none"/g, () => `stroke="${readableColour(background)}" fill="none"`);
}

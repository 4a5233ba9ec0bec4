import { describe, expect, it } from 'vitest';
import { createMemoryCache } from '../cache.js';
import { createMemoryCounters } from '../counters.js';
import { CAPTCHA_MIN_CONTRAST, contrastRatio, createCaptchaService } from './captcha.js';

const svgOf = (data: string) => Buffer.from(data.replace('data:image/svg+xml;base64,', ''), 'base64').toString();

describe('captcha picture', () => {
  const service = createCaptchaService(createMemoryCache(), createMemoryCounters());

  it('knows the contrast of black on white and of a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it.each(['#ffffff', '#1b1e24', '#f0f2f5'])('draws every digit and line readable on %s', async (background) => {
    for (let i = 0; i < 30; i += 1) {
      const { data } = await service.create({ width: 150, height: 40, color: background }, `10.0.0.${i}`);
      const svg = svgOf(data);
      expect(svg).toContain(`<rect width="100%" height="100%" fill="${background}"/>`);
      const fills = [...svg.matchAll(/<path fill="(#[0-9a-f]{6})"/g)].map((m) => m[1] as string);
      const strokes = [...svg.matchAll(/stroke="(#[0-9a-f]{6})" fill="none"/g)].map((m) => m[1] as string);
      expect(fills).toHaveLength(4);
      expect(strokes).toHaveLength(3);
      for (const colour of [...fills, ...strokes]) {
        expect(contrastRatio(colour, background)).toBeGreaterThanOrEqual(CAPTCHA_MIN_CONTRAST);
      }
    }
  });

  it('draws on white when the client names no surface, in colours of more than one hue', async () => {
    const svg = svgOf((await service.create({}, '10.0.1.1')).data);
    expect(svg).toContain('fill="#ffffff"');
    const fills = new Set([...svg.matchAll(/<path fill="(#[0-9a-f]{6})"/g)].map((m) => m[1]));
    expect(fills.size).toBeGreaterThan(1);
  });
});

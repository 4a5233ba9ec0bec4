import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config.js';
import { richTextPolicy } from './sys-param.routes.js';
import { mediaBasesOf, richTextSanitizer } from './sys-param.service.js';

const OURS = '20261120/0f8fad5b-d9cb-469f-a165-70867728950e.png';

describe('rich-text media', () => {
  it('keeps only this origin’s /upload/ files by default, and says so in the policy', async () => {
    const bases = mediaBasesOf(loadConfig({}));
    expect(bases).toEqual([]);
    const sanitize = richTextSanitizer(bases);
    expect(await sanitize(`<img src="/upload/${OURS}"><img src="/uploads/x.png"><img src="/upload/../x">`)).toBe(
      `<img src="/upload/${OURS}" />`,
    );
    expect(richTextPolicy(bases)).toContain("img-src 'self';");
  });

  it('adds UPLOAD_BASE_URL and the S3 public address, to the sanitiser and to img-src', async () => {
    const bases = mediaBasesOf(
      loadConfig({
        UPLOAD_BASE_URL: 'https://files.shop.example',
        STORAGE: 's3',
        S3_BUCKET: 'shop-files',
        S3_PUBLIC_URL: 'https://cdn.shop.example/media',
      }),
    );
    expect(bases).toEqual(['https://files.shop.example/upload', 'https://cdn.shop.example/media']);
    const sanitize = richTextSanitizer(bases);
    const kept = [
      `<img src="https://files.shop.example/upload/${OURS}" />`,
      `<img src="https://cdn.shop.example/media/app/base/${OURS}" />`,
    ];
    const dropped = [
      '<img src="https://files.shop.example/other/x.png" />',
      '<img src="https://cdn.shop.example/mediax/x.png" />',
      '<img src="https://cdn.shop.example.evil.test/media/x.png" />',
    ];
    expect(await sanitize([...kept, ...dropped].join(''))).toBe(kept.join(''));
    expect(richTextPolicy(bases)).toContain("img-src 'self' https://files.shop.example https://cdn.shop.example;");
  });
});

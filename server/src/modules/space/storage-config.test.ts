import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../core/config.js';

describe('upload and storage configuration', () => {
  it('defaults to docs/spec.md §9 limits and the local folder', () => {
    const config = loadConfig({});
    expect(config.upload).toEqual({ maxFiles: 9, maxSizeMb: 100, baseUrl: undefined });
    expect(config.storage).toEqual({ kind: 'local' });
  });

  it('reads limits, an absolute base address and an S3-compatible bucket', () => {
    const config = loadConfig({
      UPLOAD_MAX_FILES: '3',
      UPLOAD_MAX_SIZE_MB: '5',
      UPLOAD_BASE_URL: 'https://admin.example.com/',
      STORAGE: 's3',
      S3_BUCKET: 'shop-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.upload).toEqual({ maxFiles: 3, maxSizeMb: 5, baseUrl: 'https://admin.example.com' });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'shop-files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
      publicUrl: 'http://127.0.0.1:9000/shop-files',
      prefix: 'app/base',
    });
    const aws = loadConfig({ STORAGE: 's3', S3_BUCKET: 'shop-files', S3_REGION: 'ap-east-1', S3_PREFIX: '' });
    expect(aws.storage).toMatchObject({
      forcePathStyle: false,
      credentials: undefined,
      publicUrl: 'https://shop-files.s3.ap-east-1.amazonaws.com',
      prefix: '',
    });
  });

  it.each([
    [{ UPLOAD_MAX_FILES: '0' }, /UPLOAD_MAX_FILES must be between 1 and 100/],
    [{ UPLOAD_MAX_SIZE_MB: '4096' }, /UPLOAD_MAX_SIZE_MB must be between 1 and 2047/],
    [{ UPLOAD_MAX_SIZE_MB: '1.5' }, /UPLOAD_MAX_SIZE_MB must be a whole number/],
    [{ UPLOAD_BASE_URL: 'ftp://x' }, /UPLOAD_BASE_URL must be an http\(s\) address/],
    [{ STORAGE: 'cloud' }, /STORAGE must be "local" or "s3"/],
    [{ STORAGE: 's3' }, /needs S3_BUCKET/],
    [{ STORAGE: 's3', S3_BUCKET: 'Bad_Bucket' }, /needs S3_BUCKET, a valid bucket name/],
    [{ STORAGE: 's3', S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'id' }, /set both or neither/],
    [{ STORAGE: 's3', S3_BUCKET: 'b-1', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT must be an http\(s\) address/],
    [{ STORAGE: 's3', S3_BUCKET: 'b-1', S3_PREFIX: '../x' }, /S3_PREFIX may hold only/],
    [{ STORAGE: 's3', S3_BUCKET: 'b-1', S3_FORCE_PATH_STYLE: 'maybe' }, /S3_FORCE_PATH_STYLE must be "on" or "off"/],
  ])('refuses %o with one clear line', (env, message) => {
    expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(ConfigError);
    expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(message);
  });
});

import { label } from '@backroom/contract';
import type { AppContext } from '../../core/context.js';
import { paramSeed, type SeedStep } from '../../core/db/seeds.js';

/*
 * What one staff user may upload (issue 23 §5): files and bytes a day, and bytes in one request
 * (the count limit alone let one request carry 9 × 100 MB). The figures are a parameter
 * (base/sys/param `uploadQuota`, seeded where missing), so an operator changes them without a
 * restart; the day's usage is counted in the cache (Redis when configured, so every instance
 * counts the same day).
 */

export const UPLOAD_QUOTA_PARAM = 'uploadQuota';

export type UploadQuota = { filesPerDay: number; mbPerDay: number; mbPerRequest: number };

export const DEFAULT_UPLOAD_QUOTA: UploadQuota = { filesPerDay: 500, mbPerDay: 1024, mbPerRequest: 100 };

/** The seed step that adds the quota parameter where it is missing, named in the seed language. */
export const uploadQuotaSeed = (ctx: AppContext): SeedStep =>
  paramSeed(
    'space',
    'upload-quota',
    {
      keyName: UPLOAD_QUOTA_PARAM,
      name: label('上传配额', '上傳配額', 'Upload quota'),
      dataType: 0,
      data: JSON.stringify(DEFAULT_UPLOAD_QUOTA),
      remark: label(
        '每人每天的文件数与总大小（MB），以及一次上传的总大小（MB）',
        '每人每天的檔案數與總大小（MB），以及一次上傳的總大小（MB）',
        'Files and MB per user a day, and MB in one upload',
      ),
    },
    ctx.config.seedLocale,
  );

/** The quota as the parameter says it; a missing or broken figure is the default's. */
export async function readUploadQuota(ctx: AppContext): Promise<UploadQuota> {
  const row = await ctx.db.db
    .selectFrom('base_sys_param')
    .select('data')
    .where('keyName', '=', UPLOAD_QUOTA_PARAM)
    .executeTakeFirst();
  let given: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row?.data ?? '{}');
    if (parsed && typeof parsed === 'object') given = parsed as Record<string, unknown>;
  } catch {
    given = {};
  }
  const figure = (key: keyof UploadQuota) => {
    const value = given[key];
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : DEFAULT_UPLOAD_QUOTA[key];
  };
  return { filesPerDay: figure('filesPerDay'), mbPerDay: figure('mbPerDay'), mbPerRequest: figure('mbPerRequest') };
}

export type DayUsage = { files: number; bytes: number };

const usageKey = (userId: number, day: string) => `upload:quota:${userId}:${day}`;
const today = () => new Date().toISOString().slice(0, 10);
/** A day's usage is kept a little over a day, then forgotten. */
const USAGE_TTL_SECONDS = 26 * 3600;

/** Per user, the updates of this instance one after the other (the cache has no increment). */
const queues = new Map<number, Promise<unknown>>();

export async function dayUsage(ctx: AppContext, userId: number): Promise<DayUsage> {
  const text = await ctx.cache.get(usageKey(userId, today()));
  try {
    const parsed = JSON.parse(text ?? '{}') as Partial<DayUsage>;
    return { files: Number(parsed.files) || 0, bytes: Number(parsed.bytes) || 0 };
  } catch {
    return { files: 0, bytes: 0 };
  }
}

/** Adds a request's stored files to the user's day. */
export function addUsage(ctx: AppContext, userId: number, files: number, bytes: number): Promise<void> {
  const previous = queues.get(userId) ?? Promise.resolve();
  const next = previous
    .catch(() => undefined)
    .then(async () => {
      const usage = await dayUsage(ctx, userId);
      const value = JSON.stringify({ files: usage.files + files, bytes: usage.bytes + bytes });
      await ctx.cache.set(usageKey(userId, today()), value, USAGE_TTL_SECONDS);
    });
  queues.set(userId, next);
  // Both ways: a failure (the cache down) is the caller's to answer, and must not come back here as
  // an unhandled rejection, which would end the process.
  const forget = () => {
    if (queues.get(userId) === next) queues.delete(userId);
  };
  next.then(forget, forget);
  return next;
}

/** The quota and the usage, as the upload service reads and counts them. */
export type UploadQuotas = {
  read(): Promise<UploadQuota>;
  used(userId: number): Promise<DayUsage>;
  add(userId: number, files: number, bytes: number): Promise<void>;
};

/** The parameter's quota and the cache's usage. */
export const createUploadQuotas = (ctx: AppContext): UploadQuotas => ({
  read: () => readUploadQuota(ctx),
  used: (userId) => dayUsage(ctx, userId),
  add: (userId, files, bytes) => addUsage(ctx, userId, files, bytes),
});

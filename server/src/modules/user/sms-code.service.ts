import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { label, normaliseMobile, SMS_CODE_LENGTH } from '@backroom/contract';
import type { AppContext } from '../../core/context.js';
import { AppError, badRequest } from '../../core/errors.js';
import type { PluginSms } from '../../core/plugin-hooks.js';

/** Wrong codes one code takes; the last of them voids it. */
export const SMS_CODE_TRIES = 5;
const DAY_SECONDS = 86_400;

/**
 * The one spelling of a number every key, count and hash of it is made of (phone.ts): the calls'
 * schema gave it already, and whatever else calls in gets it here, so `0138…` and `+86 138…`
 * can never be sent a code, or counted, apart from `138…`.
 */
export function smsNumberOf(phone: string): string {
  const number = normaliseMobile(phone);
  if (number === null) throw badRequest('validation.format.mobile', { field: label('手机号', '手機號', 'Phone') });
  return number;
}

/** What the cache keeps of a sent code: its id (its tries are counted under it) and a keyed hash, never the code. */
type Kept = { id: string; digest: string };

const codeKey = (phone: string) => `sms-code:${phone}`;
const gapKey = (phone: string) => `sms-gap:${phone}`;
const phoneDayKey = (phone: string) => `sms-day:${phone}`;
const ipDayKey = (ip: string) => `sms-day-ip:${ip}`;
const triesKey = (id: string) => `sms-try:${id}`;

function parseKept(raw: string | undefined): Kept | undefined {
  if (raw === undefined) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<Kept>;
    return typeof value.id === 'string' && typeof value.digest === 'string'
      ? { id: value.id, digest: value.digest }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The one-time codes of the SMS sign-in: sent through the enabled sms plugin, kept as a keyed hash
 * in the cache (in process, or Redis when scaled out) for `SMS_CODE_TTL` seconds, used once, void
 * after SMS_CODE_TRIES wrong ones. Sends are limited by the counters: one per phone per
 * `SMS_RESEND_INTERVAL`, and per phone and per address over 24 hours, a phone by its canonical
 * number whatever its spelling (smsNumberOf). A send the plugin fails
 * leaves nothing behind: the code is dropped and the counts given back, so the user may retry.
 */
export function createSmsCodeService(ctx: AppContext) {
  const limits = ctx.config.sms;
  // Bound to the number and the code's id: a hash taken from one entry matches no other.
  const digestOf = (id: string, phone: string, code: string) => ctx.vault.digest(`sms-login:${id}:${phone}:${code}`);

  /** Takes the send's counts, or answers 429 with what limit it met. The counts to give back on failure. */
  async function reserve(phone: string, ip: string): Promise<string[]> {
    if (!(await ctx.counters.reserve([{ key: gapKey(phone), limit: 1 }], limits.resendSeconds))) {
      const held = await ctx.counters.peek(gapKey(phone));
      const seconds = held ? Math.max(1, Math.ceil((held.expireAt - Date.now()) / 1000)) : limits.resendSeconds;
      throw new AppError(429, 'user.smsTooSoon', { seconds });
    }
    const daily = await ctx.counters.reserve(
      [
        { key: phoneDayKey(phone), limit: limits.perPhoneDaily },
        { key: ipDayKey(ip), limit: limits.perIpDaily },
      ],
      DAY_SECONDS,
    );
    if (!daily) {
      await ctx.counters.release(gapKey(phone));
      throw new AppError(429, 'user.smsDailyLimit');
    }
    return [gapKey(phone), phoneDayKey(phone), ipDayKey(ip)];
  }

  return {
    /** Sends a new code to the phone (any earlier one stops working); the answer never holds the code. */
    async send(sms: PluginSms, typed: string, client: { ip: string }): Promise<{ expire: number; resendIn: number }> {
      const phone = smsNumberOf(typed);
      const counted = await reserve(phone, client.ip);
      const id = randomUUID();
      const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
      const kept: Kept = { id, digest: digestOf(id, phone, code) };
      await ctx.cache.set(codeKey(phone), JSON.stringify(kept), limits.codeTtlSeconds);
      try {
        await sms.send(phone, code);
      } catch {
        // The plugin's reason is on its row and in the log (plugin-runtime.ts); the user may try again.
        if (parseKept(await ctx.cache.get(codeKey(phone)))?.id === id) await ctx.cache.del(codeKey(phone));
        for (const key of counted) await ctx.counters.release(key);
        throw new AppError(502, 'user.smsSendFailed');
      }
      return { expire: limits.codeTtlSeconds, resendIn: limits.resendSeconds };
    },

    /**
     * Uses up the phone's code if `code` is it; otherwise a 400 saying whether it was wrong (and how
     * many tries are left), void, or gone. Every try is counted before the comparison, so parallel
     * guesses cannot pass the limit together.
     */
    async redeem(typed: string, code: string): Promise<void> {
      const phone = smsNumberOf(typed);
      const raw = await ctx.cache.get(codeKey(phone));
      const kept = parseKept(raw);
      if (!kept || raw === undefined) throw badRequest('user.smsCodeExpired');
      const tries = await ctx.counters.reserve(
        [{ key: triesKey(kept.id), limit: SMS_CODE_TRIES }],
        limits.codeTtlSeconds,
      );
      if (!tries) {
        await ctx.cache.del(codeKey(phone));
        throw badRequest('user.smsCodeVoid');
      }
      const expected = Buffer.from(kept.digest, 'hex');
      const given = Buffer.from(digestOf(kept.id, phone, code), 'hex');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        const left = SMS_CODE_TRIES - (tries[0] ?? SMS_CODE_TRIES);
        if (left > 0) throw badRequest('user.smsCodeWrong', { left });
        await ctx.cache.del(codeKey(phone));
        throw badRequest('user.smsCodeVoid');
      }
      // Single use: of two right tries at once, only the one that takes it signs in.
      if ((await ctx.cache.take(codeKey(phone))) !== raw) throw badRequest('user.smsCodeExpired');
      await ctx.counters.reset(triesKey(kept.id));
    },
  };
}

export type SmsCodeService = ReturnType<typeof createSmsCodeService>;

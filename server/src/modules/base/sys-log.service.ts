import {
  DEFAULT_LOG_KEEP_DAYS,
  type Declaration,
  type LogOutcome,
  type SensitiveKind,
  sysLog,
} from '@backroom/contract';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud } from '../../core/crud/factory.js';
import { maskValue, sensitiveColumns } from '../../core/crud/masking.js';
import { MAIN } from '../../core/crud/query.js';
import { formatTime } from '../../core/db/index.js';
import { clearLogs, deleteLogsBefore, insertLogs, type LogInsert, readConf, writeConf } from './sys-log.repository.js';

const KEEP_KEY = 'logKeep';
/** Buffered rows that force a write before the timer fires. */
const FLUSH_ROWS = 500;
/** Rows kept while the database is unreachable; older ones are dropped rather than exhaust memory. */
const MAX_BUFFER = 50_000;
const MAX_PARAMS_CHARS = 4000;

/** Keys whose values never reach the log (matched without regard to case, anywhere in the body). */
const SECRET_KEY = /pass(word)?|token|secret|captcha|verifycode|smscode|authorization|cookie|apikey|privatekey/i;
/**
 * Keys of one-time proofs, matched whole (a `customerCode` stays readable): the second factor's
 * challenge, its codes and recovery codes, and the sign-in codes of WeChat and WeCom.
 */
const PROOF_KEY = /^(code|challenge|recoveryCodes?|totp|otp)$/i;
const HIDDEN = '******';

/**
 * What the log hides besides secrets, read from the declarations: the values of every sensitive
 * column (by its name, wherever it sits in a body or query, masked as the column is), and the
 * keyword of calls to an entity that has sensitive columns when it holds a run of 6 or more digits
 * (a phone or ID number searched for; a name stays readable for whoever reads the log).
 */
export type LogMasking = {
  readonly sensitive: ReadonlyMap<string, SensitiveKind>;
  /** URL prefixes (`/admin/customer/info/`) of the entities with sensitive columns. */
  readonly keywordPrefixes: readonly string[];
};

const NO_MASKING: LogMasking = { sensitive: new Map(), keywordPrefixes: [] };
const DIGIT_RUN = /\d{6,}/;

export function logMaskingOf(declarations: readonly Declaration[]): LogMasking {
  const sensitive = new Map<string, SensitiveKind>();
  const keywordPrefixes: string[] = [];
  for (const declaration of declarations) {
    if (declaration.kind !== 'entity') continue;
    const own = sensitiveColumns(declaration.columns);
    for (const [name, kind] of own) sensitive.set(name, kind);
    if (own.length > 0) keywordPrefixes.push(`${declaration.prefix}/`);
  }
  return { sensitive, keywordPrefixes };
}

/** A copy of request params with every secret and sensitive value replaced, however deep it sits. */
export function maskSecrets(value: unknown, masking: LogMasking = NO_MASKING, depth = 0): unknown {
  if (depth > 8) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 100).map((v) => maskSecrets(v, masking, depth + 1));
  if (value !== null && typeof value === 'object') {
    // fromEntries defines own keys: a client's `__proto__` key stays a key, not the copy's prototype.
    return Object.fromEntries(
      Object.entries(value).map(([key, v]): [string, unknown] => {
        const kind = masking.sensitive.get(key);
        if (SECRET_KEY.test(key) || PROOF_KEY.test(key)) return [key, HIDDEN];
        if (kind) return [key, typeof v === 'string' ? maskValue(kind, v) : v === null ? null : HIDDEN];
        return [key, maskSecrets(v, masking, depth + 1)];
      }),
    );
  }
  return value;
}

/** The params of one call as the log keeps them. */
export function maskLogParams(action: string, params: unknown, masking: LogMasking): unknown {
  const masked = maskSecrets(params, masking);
  if (masked === null || typeof masked !== 'object' || Array.isArray(masked)) return masked;
  const keyWord = (masked as Record<string, unknown>).keyWord;
  if (
    typeof keyWord === 'string' &&
    DIGIT_RUN.test(keyWord) &&
    masking.keywordPrefixes.some((p) => action.startsWith(p))
  )
    return { ...masked, keyWord: HIDDEN };
  return masked;
}

/**
 * What the log keeps of a body or query that no schema validated (a text/plain body, a JSON
 * string, a body that failed validation, a route that takes none): its type and size, never its
 * content, which may hold a password under any name. Nothing when there was nothing.
 */
export function unvalidatedParams(raw: unknown, bytes: number): { notValidated: string; bytes: number } | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'object' && !Array.isArray(raw) && Object.keys(raw).length === 0) return null;
  return { notValidated: Array.isArray(raw) ? 'array' : typeof raw, bytes };
}

export type SysLogService = CrudService & {
  record(entry: {
    userId: number | null;
    action: string;
    ip: string | null;
    params: unknown;
    reqId?: string | null;
    status?: number | null;
    code?: number | null;
    message?: string | null;
    duration?: number | null;
  }): void;
  flush(): Promise<void>;
  getKeep(): Promise<number>;
  setKeep(days: number): Promise<void>;
  clear(): Promise<void>;
  /** Deletes rows older than the keep days; returns how many went. */
  purge(now?: Date): Promise<number>;
  stop(): Promise<void>;
};

/**
 * The request log. Rows are buffered and written in one insert per flush, so logging adds no
 * database round trip to a request.
 */
export function createSysLogService(ctx: AppContext, masking: LogMasking = NO_MASKING): SysLogService {
  const crud = createCrud(ctx, sysLog, {
    join: (qb) => qb.leftJoin('base_sys_user as u', 'u.id', `${MAIN}.userId`).select('u.name as name'),
    keywordRefs: ['u.name'],
    joinedOrder: { name: 'u.name' },
    countCacheMs: 2000,
    // The outcome filter: success (below 400), refused (4xx), failed (5xx).
    filter: (qb, input) => {
      const outcome = (input as { outcome?: LogOutcome }).outcome;
      if (outcome === 'success') return qb.where(`${MAIN}.status`, '<', 400);
      if (outcome === 'refused') return qb.where(`${MAIN}.status`, '>=', 400).where(`${MAIN}.status`, '<', 500);
      if (outcome === 'failed') return qb.where(`${MAIN}.status`, '>=', 500);
      return qb;
    },
  });
  let buffer: LogInsert[] = [];
  let flushing: Promise<void> | null = null;

  async function flush(): Promise<void> {
    if (flushing) await flushing;
    if (buffer.length === 0) return;
    const rows = buffer;
    buffer = [];
    flushing = insertLogs(ctx.db.db, rows)
      .catch((error: unknown) => {
        ctx.log.warn({ err: error, rows: rows.length }, 'request log write failed; rows kept for the next flush');
        buffer = [...rows, ...buffer].slice(-MAX_BUFFER);
      })
      .finally(() => {
        flushing = null;
      });
    await flushing;
  }

  // Every request's row carries the time to the second: format it once a second, not per request.
  let stamp = { second: -1, text: '' };
  const now = () => {
    const second = Math.floor(Date.now() / 1000);
    if (second !== stamp.second) stamp = { second, text: formatTime(new Date(second * 1000)) };
    return stamp.text;
  };

  const timer = setInterval(() => void flush(), ctx.config.logFlushMs);
  timer.unref();

  return {
    ...crud,
    record({ userId, action, ip, params, reqId = null, status = null, code = null, message = null, duration = null }) {
      let text: string | null = null;
      if (params !== undefined && params !== null) {
        text = JSON.stringify(maskLogParams(action, params, masking));
        if (text.length > MAX_PARAMS_CHARS)
          text = JSON.stringify({ truncated: true, head: text.slice(0, MAX_PARAMS_CHARS) });
      }
      const time = now();
      buffer.push({
        userId,
        action: action.slice(0, 255),
        ip,
        params: text,
        reqId: reqId?.slice(0, 40) ?? null,
        status,
        code,
        message: message?.slice(0, 255) ?? null,
        duration,
        createTime: time,
        updateTime: time,
      });
      if (buffer.length > MAX_BUFFER) buffer = buffer.slice(-MAX_BUFFER);
      if (buffer.length >= FLUSH_ROWS) void flush();
    },
    flush,
    async getKeep() {
      const value = Number(await readConf(ctx.db.db, KEEP_KEY));
      return Number.isInteger(value) && value > 0 ? value : DEFAULT_LOG_KEEP_DAYS;
    },
    async setKeep(days) {
      await writeConf(ctx.db.db, KEEP_KEY, String(days), formatTime());
    },
    async clear() {
      await flush();
      await clearLogs(ctx.db.db);
      crud.resetCounts();
    },
    async purge(now = new Date()) {
      const days = await this.getKeep();
      const before = formatTime(new Date(now.getTime() - days * 86_400_000));
      const removed = await deleteLogsBefore(ctx.db.db, before);
      crud.resetCounts();
      return removed;
    },
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

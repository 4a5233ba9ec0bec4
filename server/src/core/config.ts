import fs from 'node:fs';
import path from 'node:path';
import { isUtcZone, LOCALES, type Locale } from '@backroom/contract';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './http/client-address.js';

export type DbKind = 'sqlite' | 'postgres' | 'mysql';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  db: { kind: 'sqlite'; file: string } | { kind: 'postgres' | 'mysql'; url: string };
  redisUrl: string | undefined;
  /** Key and channel prefix in Redis, so installs can share one server. */
  redisPrefix: string;
  /** Embedded mode: the most entries the in-process cache keeps, and apart from it the most captchas. */
  cacheMaxEntries: number;
  jwtSecret: string | undefined;
  adminPassword: string | undefined;
  /**
   * DEMO_MENUS: whether a new install's menu tree receives the demo and developer pages (the CRUD
   * and tenant demos, AI coding, the transform tool). Off by default; an install that already has
   * them keeps them (docs/architecture.md, "Demo and developer menus").
   */
  demoMenus: boolean;
  /** MULTI_TENANT: whether the user screen offers the tenant field (the server keeps tenants either way). */
  multiTenant: boolean;
  captcha: boolean;
  /** Access and refresh token lifetimes, seconds. */
  tokenExpire: number;
  refreshExpire: number;
  bodyLimit: number;
  corsOrigins: string[];
  /** Where the built web app lives; served from the same origin when present. */
  webDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** How often buffered request-log rows are written, milliseconds. */
  logFlushMs: number;
  /** TRUST_PROXY: the proxies in front whose word on the client's address is believed (core/http/client-address.ts). */
  trustProxy: TrustProxy;
  /**
   * The Strict-Transport-Security header every answer carries (HSTS_MAX_AGE seconds, and
   * HSTS_INCLUDE_SUBDOMAINS), for installs served over HTTPS only; undefined (the default): none.
   */
  hsts: string | undefined;
  /** Upload limits (docs/spec.md §9): files per request and megabytes per file; UPLOAD_BASE_URL makes local file URLs absolute. */
  upload: { maxFiles: number; maxSizeMb: number; baseUrl: string | undefined };
  /** Where uploaded files are kept: `$DATA_DIR/uploads` (served at /upload/…) or an S3-compatible bucket. */
  storage: StorageConfig;
  /** IANA zone cron patterns are read in and task times are written in (TASK_TIMEZONE). */
  taskTimezone: string;
  /** How long a task run may take before it is logged as failed, milliseconds. */
  taskTimeoutMs: number;
  /** Embedded scheduler: how often an instance re-reads the task table for changes made elsewhere, milliseconds. */
  taskSyncMs: number;
  /** The language the demo data of a new install is written in (SEED_LOCALE); what is seeded stays as it was. */
  seedLocale: Locale;
  /**
   * STARTER_DATA: whether a new install starts with the starter organisation (regions, stores, their
   * staff and roles) and the example parameters, or with the admin and the menus only. On by
   * default; read at the first start only, like SEED_LOCALE: what was seeded, or not, stays.
   */
  starterData: boolean;
  /** Staff sign-in with enterprise WeChat (WECOM_*); undefined when not configured. */
  wecom: WecomConfig | undefined;
  /**
   * Development mode (`npm run dev` sets NODE_ENV=development): the coding helper may write
   * generated files into `sourceRoot` (SOURCE_ROOT, the repository by default). Never in production.
   */
  devMode: boolean;
  sourceRoot: string;
  /** An OpenAI-compatible chat-completions endpoint for the coding helper's free text; undefined when not configured. */
  ai: { baseUrl: string; apiKey: string | undefined; model: string } | undefined;
  /** App users' WeChat sign-in: the mini program and the official account, each unset until configured. */
  wechat: WechatConfig;
  /**
   * App users' SMS sign-in (docs/plugins.md, the sms hook): how long a code works, the pause before
   * the same phone may ask again, and the codes one phone and one address may ask for in 24 hours.
   */
  sms: SmsConfig;
  /** Plugins (docs/plugins.md): the public keys whose signed packages install without a session, and the limits of their processes. */
  plugins: {
    trustedKeys: string[];
    callTimeoutMs: number;
    restartBaseMs: number;
    /** CPU time one call may spend inside the sandbox (the interrupt handler's deadline). */
    cpuMs: number;
    /** CPU time a plugin's code may spend in a minute while none of its calls is pending. */
    backgroundCpuMs: number;
    /** Lines and bytes a plugin may write to the server's log in a minute; the rest is dropped and counted. */
    logLinesPerMinute: number;
    logBytesPerMinute: number;
    /** The sandbox's memory (its WebAssembly memory's maximum), in MB. */
    memoryMb: number;
    /** Failures (timeouts, crashes, running out of memory, oversized answers) in the window that disable a plugin. */
    maxFailures: number;
    failureWindowMs: number;
    /** Installs without a session one address may try in 10 minutes. */
    installsPerIp: number;
  };
  /**
   * SIGTERM's drain (server/src/drain.ts): `delayMs` (SHUTDOWN_DELAY_SECONDS) of answering 503 on
   * /api/health while still taking requests, for a balancer to notice; then no new connection,
   * and the requests under way get until `graceMs` (SHUTDOWN_GRACE_SECONDS, counted from the
   * signal) to finish.
   */
  shutdown: { graceMs: number; delayMs: number };
};

export type SmsConfig = { codeTtlSeconds: number; resendSeconds: number; perPhoneDaily: number; perIpDaily: number };

/** A WeCom self-built app that staff sign in through (its QR page, then gettoken and getuserinfo). */
export type WecomConfig = {
  corpId: string;
  agentId: string;
  /** The app's secret: sent to WeCom's gettoken only, never answered or logged. */
  secret: string;
  /** Where WeCom sends the browser back with code and state: the web app's /login, on a trusted domain of the app. */
  redirectUri: string;
  /** WeCom's API (gettoken, getuserinfo), without a trailing slash. */
  apiBaseUrl: string;
  /** WeCom's QR sign-in page's host, without a trailing slash. */
  loginBaseUrl: string;
};

/** One WeChat app's credentials; `apiBase` is where its API answers (https://api.weixin.qq.com, or a test's fake). */
export type WechatApp = { appid: string; secret: string; apiBase: string };
export type WechatConfig = { miniProgram: WechatApp | undefined; officialAccount: WechatApp | undefined };

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** An S3-compatible server (MinIO, Ceph, R2…); AWS itself when unset. */
      endpoint: string | undefined;
      /** Both or neither: without them the AWS SDK's default chain (environment, instance role) applies. */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
      /** What file URLs start with (a CDN, the bucket's public address), without a trailing slash. */
      publicUrl: string;
      /** Object key prefix, without slashes at either end. */
      prefix: string;
    };

export class ConfigError extends Error {}

const intVar = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`);

function parseDatabaseUrl(value: string | undefined, dataDir: string): Config['db'] {
  if (value === undefined || value.trim() === '')
    return { kind: 'sqlite', file: path.join(dataDir, 'backroom.sqlite') };
  const v = value.trim();
  if (v.startsWith('sqlite:')) {
    const file = v.slice('sqlite:'.length).replace(/^\/\//, '');
    if (file === '')
      throw new ConfigError('DATABASE_URL: sqlite: needs a file path, e.g. sqlite:./data/backroom.sqlite');
    return { kind: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) };
  }
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new ConfigError(
      `DATABASE_URL is not a valid URL (expected sqlite:<file>, postgres://user@host:5432/db or mysql://user@host:3306/db)`,
    );
  }
  if (url.protocol === 'postgres:' || url.protocol === 'postgresql:') return { kind: 'postgres', url: v };
  if (url.protocol === 'mysql:' || url.protocol === 'mariadb:') {
    return { kind: 'mysql', url: v.replace(/^mariadb:/, 'mysql:') };
  }
  throw new ConfigError(`DATABASE_URL: unsupported scheme "${url.protocol}" (use sqlite:, postgres:// or mysql://)`);
}

/** A switch: on, true, 1 or off, false, 0 (unset: `unset`, off unless said); anything else is a clear error. */
function onOff(name: string, value: string | undefined, unset = false): boolean {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '') return unset;
  if (['off', 'false', '0'].includes(v)) return false;
  if (['on', 'true', '1'].includes(v)) return true;
  throw new ConfigError(`${name} must be on or off`);
}

function read<T>(name: string, schema: z.ZodType<T>, value: string | undefined): T | undefined {
  if (value === undefined || value === '') return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw new ConfigError(result.error.issues[0]?.message ?? `${name} is invalid`);
  return result.data;
}

/**
 * The process's own zone, or UTC when the runtime cannot tell. A server in UTC (TZ, or the zone
 * /etc/localtime links to) is told so without Intl, which would load ICU's zone data (about 5 MB
 * of memory) only to answer UTC; see isUtcZone.
 */
function localTimeZone(): string {
  const tz = process.env.TZ?.trim().replace(/^:/, '');
  if (tz !== undefined && tz !== '' && isUtcZone(tz)) return 'UTC';
  if (!tz) {
    try {
      const linked = /\/zoneinfo\/(.+)$/.exec(fs.readlinkSync('/etc/localtime'))?.[1];
      if (linked !== undefined && isUtcZone(linked)) return 'UTC';
    } catch {
      // Not a link (or no such file): Intl tells.
    }
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function parseTimeZone(value: string | undefined): string {
  const zone = value?.trim();
  if (!zone) return localTimeZone();
  if (isUtcZone(zone)) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw new ConfigError(`TASK_TIMEZONE: unknown time zone "${zone}" (use an IANA name such as Asia/Shanghai or UTC)`);
  }
}

/** An http(s) origin or base address without a trailing slash, or a ConfigError naming the variable. */
function httpBase(name: string, value: string | undefined): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new ConfigError(`${name} must be an http(s) address, e.g. https://files.example.com`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username) {
    throw new ConfigError(`${name} must be an http(s) address without query, fragment or credentials`);
  }
  return v.replace(/\/+$/, '');
}

function parseStorage(env: NodeJS.ProcessEnv): StorageConfig {
  const kind = (env.STORAGE?.trim() || 'local').toLowerCase();
  if (kind === 'local') return { kind: 'local' };
  if (kind !== 's3') throw new ConfigError('STORAGE must be "local" or "s3"');
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError('STORAGE=s3 needs S3_BUCKET, a valid bucket name (3-63 of a-z, 0-9, dot and hyphen)');
  }
  const region = env.S3_REGION?.trim() || 'us-east-1';
  if (!/^[a-z0-9-]{2,40}$/.test(region)) throw new ConfigError('S3_REGION must be a region name such as us-east-1');
  const endpoint = httpBase('S3_ENDPOINT', env.S3_ENDPOINT);
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (!accessKeyId !== !secretAccessKey) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither');
  }
  const pathStyle = (env.S3_FORCE_PATH_STYLE ?? '').trim().toLowerCase();
  if (pathStyle !== '' && !['1', '0', 'true', 'false', 'on', 'off'].includes(pathStyle)) {
    throw new ConfigError('S3_FORCE_PATH_STYLE must be "on" or "off"');
  }
  // S3-compatible servers mostly want path-style addresses; AWS itself the bucket's own host name.
  const forcePathStyle = pathStyle === '' ? endpoint !== undefined : ['1', 'true', 'on'].includes(pathStyle);
  const publicUrl =
    httpBase('S3_PUBLIC_URL', env.S3_PUBLIC_URL) ??
    (endpoint
      ? forcePathStyle
        ? `${endpoint}/${bucket}`
        : endpoint.replace('://', `://${bucket}.`)
      : `https://${bucket}.s3.${region}.amazonaws.com`);
  const prefix = (env.S3_PREFIX ?? 'app/base').trim().replace(/^\/+|\/+$/g, '');
  if (prefix !== '' && !/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(prefix)) {
    throw new ConfigError('S3_PREFIX may hold only letters, digits, _ and - in /-separated parts (e.g. app/base)');
  }
  return {
    kind: 's3',
    bucket,
    region,
    endpoint,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle,
    publicUrl,
    prefix,
  };
}

function parseWecom(env: NodeJS.ProcessEnv): WecomConfig | undefined {
  const corpId = env.WECOM_CORP_ID?.trim();
  const agentId = env.WECOM_AGENT_ID?.trim();
  const secret = env.WECOM_SECRET?.trim();
  const redirect = env.WECOM_REDIRECT_URI?.trim();
  const given = [corpId, agentId, secret, redirect].filter(Boolean).length;
  if (given === 0) return undefined;
  if (!corpId || !agentId || !secret || !redirect) {
    throw new ConfigError(
      'WECOM_CORP_ID, WECOM_AGENT_ID, WECOM_SECRET and WECOM_REDIRECT_URI go together: set all four or none',
    );
  }
  if (!/^[A-Za-z0-9]{1,64}$/.test(corpId))
    throw new ConfigError('WECOM_CORP_ID must be the corp ID (letters and digits)');
  if (!/^\d{1,20}$/.test(agentId)) throw new ConfigError("WECOM_AGENT_ID must be the app's AgentId (digits)");
  let url: URL;
  try {
    url = new URL(redirect);
  } catch {
    throw new ConfigError(
      'WECOM_REDIRECT_URI must be the full address of the login page, e.g. https://admin.example.com/login',
    );
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hash || url.username) {
    throw new ConfigError('WECOM_REDIRECT_URI must be an http(s) address without fragment or credentials');
  }
  return {
    corpId,
    agentId,
    secret,
    redirectUri: redirect,
    apiBaseUrl: httpBase('WECOM_API_BASE_URL', env.WECOM_API_BASE_URL) ?? 'https://qyapi.weixin.qq.com',
    loginBaseUrl: httpBase('WECOM_LOGIN_BASE_URL', env.WECOM_LOGIN_BASE_URL) ?? 'https://login.work.weixin.qq.com',
  };
}

/** A WeChat app from `<PREFIX>_APPID` and `<PREFIX>_SECRET` (both or neither), at `WECHAT_API_BASE`. */
function wechatApp(env: NodeJS.ProcessEnv, prefix: string): WechatApp | undefined {
  const appid = env[`${prefix}_APPID`]?.trim();
  const secret = env[`${prefix}_SECRET`]?.trim();
  if (!appid && !secret) return undefined;
  if (!appid || !secret) throw new ConfigError(`${prefix}_APPID and ${prefix}_SECRET go together: set both or neither`);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(appid)) throw new ConfigError(`${prefix}_APPID must be an app id such as wx1234…`);
  const apiBase = httpBase('WECHAT_API_BASE', env.WECHAT_API_BASE) ?? 'https://api.weixin.qq.com';
  return { appid, secret, apiBase };
}

/** Reads the environment once at start; a bad value throws a ConfigError with one clear line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR?.trim() || './data');
  const port = read('PORT', intVar('PORT', 0, 65535), env.PORT) ?? 8001;
  const captchaRaw = (env.CAPTCHA ?? 'on').trim().toLowerCase();
  if (!['on', 'off', 'true', 'false', '1', '0'].includes(captchaRaw)) {
    throw new ConfigError('CAPTCHA must be "on" or "off"');
  }
  const jwtSecret = env.JWT_SECRET?.trim() || undefined;
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters (leave it unset to generate one)');
  }
  const redisUrl = env.REDIS_URL?.trim() || undefined;
  if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  }
  const seedLocale = (env.SEED_LOCALE?.trim().toLowerCase() || 'zh-cn') as Locale;
  if (!LOCALES.includes(seedLocale)) throw new ConfigError(`SEED_LOCALE must be one of ${LOCALES.join(', ')}`);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  if (typeof trustProxy === 'string') throw new ConfigError(trustProxy);
  const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
  const logLevel = (env.LOG_LEVEL?.trim() || 'info') as Config['logLevel'];
  if (!levels.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${levels.join(', ')}`);
  return {
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir,
    db: parseDatabaseUrl(env.DATABASE_URL, dataDir),
    redisUrl,
    redisPrefix: env.REDIS_PREFIX?.trim() || 'backroom:',
    cacheMaxEntries:
      read('CACHE_MAX_ENTRIES', intVar('CACHE_MAX_ENTRIES', 100, 10_000_000), env.CACHE_MAX_ENTRIES) ?? 100_000,
    jwtSecret,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoMenus: onOff('DEMO_MENUS', env.DEMO_MENUS),
    multiTenant: onOff('MULTI_TENANT', env.MULTI_TENANT),
    captcha: !['off', 'false', '0'].includes(captchaRaw),
    tokenExpire: read('TOKEN_EXPIRE', intVar('TOKEN_EXPIRE', 1, 31_536_000), env.TOKEN_EXPIRE) ?? 7200,
    refreshExpire: read('REFRESH_EXPIRE', intVar('REFRESH_EXPIRE', 1, 31_536_000), env.REFRESH_EXPIRE) ?? 1_296_000,
    bodyLimit: read('BODY_LIMIT', intVar('BODY_LIMIT', 1024, 104_857_600), env.BODY_LIMIT) ?? 1_048_576,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webDir: path.resolve(env.WEB_DIR?.trim() || 'web/dist'),
    logLevel,
    logFlushMs: read('LOG_FLUSH_MS', intVar('LOG_FLUSH_MS', 10, 60_000), env.LOG_FLUSH_MS) ?? 1000,
    trustProxy,
    hsts: parseHsts(env),
    upload: {
      maxFiles: read('UPLOAD_MAX_FILES', intVar('UPLOAD_MAX_FILES', 1, 100), env.UPLOAD_MAX_FILES) ?? 9,
      // Sizes are stored in 32-bit integer columns: 2047 MB is the most a file may be.
      maxSizeMb: read('UPLOAD_MAX_SIZE_MB', intVar('UPLOAD_MAX_SIZE_MB', 1, 2047), env.UPLOAD_MAX_SIZE_MB) ?? 100,
      baseUrl: httpBase('UPLOAD_BASE_URL', env.UPLOAD_BASE_URL),
    },
    storage: parseStorage(env),
    taskTimezone: parseTimeZone(env.TASK_TIMEZONE),
    taskTimeoutMs: (read('TASK_TIMEOUT', intVar('TASK_TIMEOUT', 1, 86_400), env.TASK_TIMEOUT) ?? 600) * 1000,
    taskSyncMs: read('TASK_SYNC_MS', intVar('TASK_SYNC_MS', 200, 600_000), env.TASK_SYNC_MS) ?? 5000,
    seedLocale,
    starterData: onOff('STARTER_DATA', env.STARTER_DATA, true),
    wecom: parseWecom(env),
    devMode: (env.NODE_ENV ?? '').trim() === 'development',
    sourceRoot: path.resolve(env.SOURCE_ROOT?.trim() || path.resolve(import.meta.dirname, '../../..')),
    ai: parseAi(env),
    wechat: { miniProgram: wechatApp(env, 'WECHAT_MINI'), officialAccount: wechatApp(env, 'WECHAT_MP') },
    sms: {
      codeTtlSeconds: read('SMS_CODE_TTL', intVar('SMS_CODE_TTL', 1, 3600), env.SMS_CODE_TTL) ?? 300,
      resendSeconds: read('SMS_RESEND_INTERVAL', intVar('SMS_RESEND_INTERVAL', 1, 3600), env.SMS_RESEND_INTERVAL) ?? 60,
      perPhoneDaily: read('SMS_DAILY_PER_PHONE', intVar('SMS_DAILY_PER_PHONE', 1, 1000), env.SMS_DAILY_PER_PHONE) ?? 10,
      perIpDaily: read('SMS_DAILY_PER_IP', intVar('SMS_DAILY_PER_IP', 1, 100_000), env.SMS_DAILY_PER_IP) ?? 50,
    },
    plugins: {
      trustedKeys: parseTrustedKeys(env.PLUGIN_TRUSTED_KEYS),
      callTimeoutMs:
        read('PLUGIN_CALL_TIMEOUT_MS', intVar('PLUGIN_CALL_TIMEOUT_MS', 100, 600_000), env.PLUGIN_CALL_TIMEOUT_MS) ??
        10_000,
      restartBaseMs: read('PLUGIN_RESTART_MS', intVar('PLUGIN_RESTART_MS', 10, 600_000), env.PLUGIN_RESTART_MS) ?? 1000,
      cpuMs: read('PLUGIN_CPU_MS', intVar('PLUGIN_CPU_MS', 10, 600_000), env.PLUGIN_CPU_MS) ?? 2000,
      backgroundCpuMs:
        read('PLUGIN_BACKGROUND_CPU_MS', intVar('PLUGIN_BACKGROUND_CPU_MS', 1, 60_000), env.PLUGIN_BACKGROUND_CPU_MS) ??
        100,
      logLinesPerMinute:
        read('PLUGIN_LOG_LINES', intVar('PLUGIN_LOG_LINES', 0, 1_000_000), env.PLUGIN_LOG_LINES) ?? 100,
      logBytesPerMinute: (read('PLUGIN_LOG_KB', intVar('PLUGIN_LOG_KB', 1, 1_048_576), env.PLUGIN_LOG_KB) ?? 64) * 1024,
      memoryMb: read('PLUGIN_MEMORY_MB', intVar('PLUGIN_MEMORY_MB', 16, 1024), env.PLUGIN_MEMORY_MB) ?? 64,
      maxFailures: read('PLUGIN_MAX_FAILURES', intVar('PLUGIN_MAX_FAILURES', 1, 1000), env.PLUGIN_MAX_FAILURES) ?? 5,
      failureWindowMs:
        (read(
          'PLUGIN_FAILURE_WINDOW_SECONDS',
          intVar('PLUGIN_FAILURE_WINDOW_SECONDS', 1, 86_400),
          env.PLUGIN_FAILURE_WINDOW_SECONDS,
        ) ?? 600) * 1000,
      installsPerIp:
        read('PLUGIN_INSTALLS_PER_IP', intVar('PLUGIN_INSTALLS_PER_IP', 1, 100_000), env.PLUGIN_INSTALLS_PER_IP) ?? 10,
    },
    shutdown: parseShutdown(env),
  };
}

/** SHUTDOWN_GRACE_SECONDS (1–3600, default 15) and SHUTDOWN_DELAY_SECONDS (0 up to below the grace, default 0). */
function parseShutdown(env: NodeJS.ProcessEnv): Config['shutdown'] {
  const grace =
    read('SHUTDOWN_GRACE_SECONDS', intVar('SHUTDOWN_GRACE_SECONDS', 1, 3600), env.SHUTDOWN_GRACE_SECONDS) ?? 15;
  const delay =
    read('SHUTDOWN_DELAY_SECONDS', intVar('SHUTDOWN_DELAY_SECONDS', 0, 3600), env.SHUTDOWN_DELAY_SECONDS) ?? 0;
  if (delay >= grace) {
    throw new ConfigError(
      `SHUTDOWN_DELAY_SECONDS (${delay}) must be less than SHUTDOWN_GRACE_SECONDS (${grace}): the grace counts from the signal and includes the delay`,
    );
  }
  return { graceMs: grace * 1000, delayMs: delay * 1000 };
}

/** `max-age=N[; includeSubDomains]` from HSTS_MAX_AGE (0 or unset: off) and HSTS_INCLUDE_SUBDOMAINS. */
function parseHsts(env: NodeJS.ProcessEnv): string | undefined {
  const maxAge = read('HSTS_MAX_AGE', intVar('HSTS_MAX_AGE', 0, 63_072_000), env.HSTS_MAX_AGE) ?? 0;
  const subRaw = (env.HSTS_INCLUDE_SUBDOMAINS ?? 'off').trim().toLowerCase();
  if (!['on', 'off', 'true', 'false', '1', '0', ''].includes(subRaw)) {
    throw new ConfigError('HSTS_INCLUDE_SUBDOMAINS must be "on" or "off"');
  }
  if (maxAge === 0) return undefined;
  return ['on', 'true', '1'].includes(subRaw) ? `max-age=${maxAge}; includeSubDomains` : `max-age=${maxAge}`;
}

function parseAi(env: NodeJS.ProcessEnv): Config['ai'] {
  const baseUrl = httpBase('AI_BASE_URL', env.AI_BASE_URL);
  const model = env.AI_MODEL?.trim();
  if (!baseUrl) {
    if (model || env.AI_API_KEY?.trim()) throw new ConfigError('AI_MODEL and AI_API_KEY need AI_BASE_URL');
    return undefined;
  }
  if (!model) throw new ConfigError('AI_BASE_URL needs AI_MODEL, the model name the endpoint serves');
  return { baseUrl, apiKey: env.AI_API_KEY?.trim() || undefined, model };
}

/** PLUGIN_TRUSTED_KEYS: comma-separated Ed25519 public keys, each its raw 32 bytes in base64 (`npm run plugin -- keygen`). */
function parseTrustedKeys(value: string | undefined): string[] {
  const keys = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const key of keys) {
    const raw = Buffer.from(key, 'base64');
    if (raw.length !== 32 || raw.toString('base64') !== key) {
      throw new ConfigError(
        `PLUGIN_TRUSTED_KEYS: "${key.slice(0, 60)}" is not an Ed25519 public key (32 bytes in base64, as npm run plugin -- keygen prints)`,
      );
    }
  }
  return keys;
}

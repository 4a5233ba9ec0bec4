import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const WECOM = {
  WECOM_CORP_ID: 'ww0123456789abcdef',
  WECOM_AGENT_ID: '1000002',
  WECOM_SECRET: 'app-secret',
  WECOM_REDIRECT_URI: 'https://admin.example.com/login',
};

describe('loadConfig', () => {
  it('turns enterprise WeChat sign-in on with all four settings, on WeCom itself unless told otherwise', () => {
    expect(loadConfig({}).wecom).toBeUndefined();
    expect(loadConfig(WECOM).wecom).toEqual({
      corpId: 'ww0123456789abcdef',
      agentId: '1000002',
      secret: 'app-secret',
      redirectUri: 'https://admin.example.com/login',
      apiBaseUrl: 'https://qyapi.weixin.qq.com',
      loginBaseUrl: 'https://login.work.weixin.qq.com',
    });
    expect(loadConfig({ ...WECOM, WECOM_API_BASE_URL: 'http://127.0.0.1:9000/' }).wecom?.apiBaseUrl).toBe(
      'http://127.0.0.1:9000',
    );
  });

  it('defaults to SQLite under ./data on port 8001 with the captcha on', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8001);
    expect(config.db).toEqual({ kind: 'sqlite', file: path.resolve('data/backroom.sqlite') });
    expect(config.captcha).toBe(true);
    expect(config.jwtSecret).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
  });

  it('reads each kind of DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:/tmp/x.sqlite' }).db).toEqual({ kind: 'sqlite', file: '/tmp/x.sqlite' });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/d' }).db.kind).toBe('postgres');
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/d' }).db.kind).toBe('postgres');
    expect(loadConfig({ DATABASE_URL: 'mysql://root@h:3306/d' }).db.kind).toBe('mysql');
    expect(loadConfig({ DATABASE_URL: 'mariadb://root@h:3306/d' }).db).toEqual({
      kind: 'mysql',
      url: 'mysql://root@h:3306/d',
    });
  });

  it.each([
    [{ DATABASE_URL: 'oracle://x' }, /unsupported scheme "oracle:"/],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL is not a valid URL/],
    [{ DATABASE_URL: 'sqlite:' }, /needs a file path/],
    [{ PORT: 'eighty' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT must be between 0 and 65535/],
    [{ JWT_SECRET: 'short' }, /at least 32 characters/],
    [{ REDIS_URL: 'http://x' }, /REDIS_URL must start with redis:\/\//],
    [{ CAPTCHA: 'maybe' }, /CAPTCHA must be "on" or "off"/],
    [{ CACHE_MAX_ENTRIES: '10' }, /CACHE_MAX_ENTRIES must be between 100 and 10000000/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ WECOM_CORP_ID: 'ww1' }, /WECOM_CORP_ID, WECOM_AGENT_ID, WECOM_SECRET and WECOM_REDIRECT_URI go together/],
    [{ ...WECOM, WECOM_AGENT_ID: 'app' }, /WECOM_AGENT_ID must be the app's AgentId/],
    [{ ...WECOM, WECOM_REDIRECT_URI: '/login' }, /WECOM_REDIRECT_URI must be the full address/],
    [{ ...WECOM, WECOM_API_BASE_URL: 'ftp://x' }, /WECOM_API_BASE_URL must be an http\(s\) address/],
  ])('refuses %o with one clear line', (env, message) => {
    let error: unknown;
    try {
      loadConfig(env as NodeJS.ProcessEnv);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });

  it('sends HSTS only when HSTS_MAX_AGE asks for it, and refuses nonsense', () => {
    expect(loadConfig({}).hsts).toBeUndefined();
    expect(loadConfig({ HSTS_MAX_AGE: '0' }).hsts).toBeUndefined();
    expect(loadConfig({ HSTS_MAX_AGE: '15552000' }).hsts).toBe('max-age=15552000');
    expect(loadConfig({ HSTS_MAX_AGE: '15552000', HSTS_INCLUDE_SUBDOMAINS: 'on' }).hsts).toBe(
      'max-age=15552000; includeSubDomains',
    );
    expect(() => loadConfig({ HSTS_MAX_AGE: 'a year' })).toThrow(ConfigError);
    expect(() => loadConfig({ HSTS_MAX_AGE: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ HSTS_MAX_AGE: '600', HSTS_INCLUDE_SUBDOMAINS: 'maybe' })).toThrow(ConfigError);
  });

  it('reads TRUST_PROXY as a count of proxies or their addresses; on is one proxy, unset or off none', () => {
    const trust = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;
    expect(trust()).toEqual({ hops: 0 });
    for (const off of ['', 'off', 'OFF', 'false', '0']) expect(trust(off)).toEqual({ hops: 0 });
    for (const on of ['on', 'true', ' On ', '1']) expect(trust(on)).toEqual({ hops: 1 });
    expect(trust('2')).toEqual({ hops: 2 });
    expect(trust('10.0.0.0/8,127.0.0.1')).toEqual({ addresses: ['10.0.0.0/8', '127.0.0.1'] });
    expect(trust(' 192.0.2.10 , 2001:DB8::/32 ,::1')).toEqual({ addresses: ['192.0.2.10', '2001:db8::/32', '::1'] });
  });

  it.each([
    'yes',
    '-1',
    '1.5',
    '21',
    '10.0.0.0/33',
    '2001:db8::/129',
    '10.0.0.0/8/9',
    '10.0.0',
    '10.0.0.0/8,,127.0.0.1',
    '10.0.0.0/8,proxy.example.com',
    '10.0.0.0/x',
  ])('refuses TRUST_PROXY=%s with one clear line', (value) => {
    let error: unknown;
    try {
      loadConfig({ TRUST_PROXY: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/^TRUST_PROXY/);
    expect((error as Error).message).not.toContain('\n');
  });

  it('seeds the starter data unless STARTER_DATA says off, and refuses nonsense', () => {
    expect(loadConfig({}).starterData).toBe(true);
    expect(loadConfig({ STARTER_DATA: '' }).starterData).toBe(true);
    expect(loadConfig({ STARTER_DATA: 'on' }).starterData).toBe(true);
    expect(loadConfig({ STARTER_DATA: 'off' }).starterData).toBe(false);
    expect(loadConfig({ STARTER_DATA: ' FALSE ' }).starterData).toBe(false);
    expect(loadConfig({ STARTER_DATA: '0' }).starterData).toBe(false);
    expect(() => loadConfig({ STARTER_DATA: 'none' })).toThrow(ConfigError);
    expect(() => loadConfig({ STARTER_DATA: 'none' })).toThrow('STARTER_DATA must be on or off');
  });

  it('turns the captcha off only when asked', () => {
    expect(loadConfig({ CAPTCHA: 'off' }).captcha).toBe(false);
    expect(loadConfig({ CAPTCHA: 'on' }).captcha).toBe(true);
  });

  it('drains for 15 s after SIGTERM unless told otherwise, the delay inside the grace', () => {
    expect(loadConfig({}).shutdown).toEqual({ graceMs: 15_000, delayMs: 0 });
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '30', SHUTDOWN_DELAY_SECONDS: '5' }).shutdown).toEqual({
      graceMs: 30_000,
      delayMs: 5000,
    });
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: '0' })).toThrow(/SHUTDOWN_GRACE_SECONDS must be between 1/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: 'soon' })).toThrow(/whole number/);
    expect(() => loadConfig({ SHUTDOWN_DELAY_SECONDS: '15' })).toThrow(/less than SHUTDOWN_GRACE_SECONDS/);
  });
});

import type { TestApp } from '../../testing/harness.js';

/**
 * A stand-in for the enabled sms plugin (the plugin module's hooks replaced on this app): it keeps
 * the last code sent to each phone, as a gateway would deliver it.
 */
export function useFakeSms(t: TestApp): Map<string, string> {
  const sent = new Map<string, string>();
  t.ctx.plugins.install({
    notify: () => undefined,
    storage: () => undefined,
    sms: () => ({
      keyName: 'fake-sms',
      send: async (phone: string, code: string) => {
        sent.set(phone, code);
      },
    }),
  });
  return sent;
}

/** H5 registration as a client makes it: a code sent to the phone, then the code and the password. */
export async function registerH5(
  t: TestApp,
  sent: Map<string, string>,
  phone: string,
  password = 'Secret-123',
  extra: Record<string, unknown> = {},
) {
  const reply = await t.post('/admin/base/open/appSmsCode', { phone });
  if (reply.status !== 200) throw new Error(`appSmsCode: ${reply.raw}`);
  const smsCode = sent.get(phone);
  if (!smsCode) throw new Error(`no code sent to ${phone}`);
  return t.post<{ token: string; refreshToken: string; expire: number; refreshExpire: number }>(
    '/admin/base/open/appLogin',
    { loginType: 2, phone, password, register: true, smsCode, ...extra },
    undefined,
    { language: 'en' },
  );
}

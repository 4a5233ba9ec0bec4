import { phoneFormatMessages, type TokenPair } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, expectRefused, rowCount, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import { useFakeSms } from './sms-fake.test-support.js';

// One phone number, one spelling (issue 35 §7): the seven spellings the issue found were each sent
// a code within one resend pause, and `0158…` signed up as an app user of its own. The number is
// now brought to its canonical form before it is counted, sent to, redeemed or looked up.

const SEND = '/admin/base/open/appSmsCode';
const LOGIN = '/admin/base/open/appLogin';
const PERSON = '/app/user/info/person';
const EN = { language: 'en' };

describe.each(testTargets())('app phones in one spelling on $name', (target) => {
  let t: TestApp;
  let sms: Map<string, string>;
  const personOf = async (token: string) => dataOf(await t.get<{ id: number; phone: string }>(PERSON, {}, token)).id;
  /** The code the gateway received last for a number, as the plugin is given it. */
  const codeOf = (phone: string) => {
    const code = sms.get(phone);
    if (!code) throw new Error(`no code reached ${phone}`);
    return code;
  };

  beforeAll(async () => {
    t = await startApp(target);
    sms = useFakeSms(t);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('sends one code to the seven spellings of one number within the resend pause', async () => {
    const seven = [
      '13812345678',
      '+13812345678',
      '013812345678',
      '8613812345678',
      '+8613812345678',
      '008613812345678',
      '0013812345678',
    ];
    const answers = [];
    for (const phone of seven) answers.push(await t.post(SEND, { phone }, undefined, EN));
    expect(answers.map((a) => a.status)).toEqual([200, 429, 429, 429, 429, 429, 429]);
    expect(answers[1]?.body.message).toMatch(/^A code was just sent to this number/);
    // The gateway was asked once, for the number as it is stored; the daily count holds one send.
    expect([...sms.keys()]).toEqual(['13812345678']);
    expect((await t.ctx.counters.peek('sms-day:13812345678'))?.n).toBe(1);
    // The code works whichever spelling signs in with it.
    const pair = dataOf(
      await t.post<TokenPair>(LOGIN, { loginType: 3, phone: '+86 138-1234-5678', smsCode: codeOf('13812345678') }),
    );
    const row = await t.ctx.db.db
      .selectFrom('user_info')
      .select(['id', 'phone'])
      .where('id', '=', await personOf(pair.token))
      .executeTakeFirst();
    expect(row?.phone).toBe('13812345678');
  });

  it('signs 0158… in to the app user of 158…, by SMS code and by H5 password', async () => {
    const before = await rowCount(t, 'user_info');
    dataOf(await t.post(SEND, { phone: '15812345678' }));
    const first = await personOf(
      dataOf(await t.post<TokenPair>(LOGIN, { loginType: 3, phone: '15812345678', smsCode: codeOf('15812345678') }))
        .token,
    );
    // The pause of the number is another test's matter: let the next code go at once.
    await t.ctx.counters.reset('sms-gap:15812345678');
    dataOf(await t.post(SEND, { phone: '0158 1234 5678' }));
    const again = await personOf(
      dataOf(await t.post<TokenPair>(LOGIN, { loginType: 3, phone: '0158-1234-5678', smsCode: codeOf('15812345678') }))
        .token,
    );
    expect(again).toBe(first);
    expect(await rowCount(t, 'user_info')).toBe(before + 1);

    // H5: registered as +86 159…, signed in with the password as 0159….
    dataOf(await t.post(SEND, { phone: '+86 159 1234 5678' }));
    const registered = dataOf(
      await t.post<TokenPair>(LOGIN, {
        loginType: 2,
        phone: '+86 159 1234 5678',
        password: 'Secret-123',
        register: true,
        smsCode: codeOf('15912345678'),
      }),
    );
    const h5 = await personOf(registered.token);
    const signedIn = dataOf(
      await t.post<TokenPair>(LOGIN, { loginType: 2, phone: '0159 1234 5678', password: 'Secret-123' }),
    );
    expect(await personOf(signedIn.token)).toBe(h5);
    expect(await rowCount(t, 'user_info')).toBe(before + 2);
  });

  it('keeps an app user an operator adds in one spelling, unique across spellings', async () => {
    const admin = (await t.login()).token;
    const { id } = dataOf(
      await t.post<{ id: number }>('/admin/user/info/add', { nickName: '加的', phone: '+86 137 0000 1111' }, admin),
    );
    const stored = await t.ctx.db.db.selectFrom('user_info').select('phone').where('id', '=', id).executeTakeFirst();
    expect(stored?.phone).toBe('13700001111');
    const twice = await t.post('/admin/user/info/add', { nickName: '重复', phone: '0137-0000-1111' }, admin, EN);
    expect(twice.status).toBe(409);
  });

  it('refuses a number that takes no SMS, in three languages, and counts nothing for it', async () => {
    for (const language of ['zh-cn', 'zh-tw', 'en'] as const) {
      const reply = await t.post(SEND, { phone: '010-1234 5678' }, undefined, { language });
      expectRefused(reply, 400);
      expect(reply.body.message).toBe(phoneFormatMessages.mobile[language].replace('{field}', 'phone'));
    }
    expectRefused(await t.post(SEND, { phone: '138 1234 567' }), 400);
    expect(await t.ctx.counters.peek('sms-gap:+861012345678')).toBeUndefined();
  });
});

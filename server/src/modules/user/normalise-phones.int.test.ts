import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatTime } from '../../core/db/index.js';
import { MIGRATIONS } from '../../db/migrations/index.js';
import { startApp, type TestApp, testTargets } from '../../testing/harness.js';
import { findPhoneSpellings, phoneSpellingsReport } from './phone-spellings.js';

/**
 * Phones written before they were normalised (issue 35 §7) keep the spelling they were typed in:
 * the migration brings each to its canonical form where it is certain, leaves what reads as no
 * number, and never gives an app user a number another app user holds (the phone is unique there).
 */
describe.each(testTargets())('normalising the phones already stored, on $name', (target) => {
  let t: TestApp;
  const now = formatTime();
  const stamp = { createTime: now, updateTime: now };

  async function insert(table: string, row: Record<string, unknown>): Promise<number> {
    await t.ctx.db.loose
      .insertInto(table)
      .values({ ...stamp, ...row })
      .execute();
    const found = await t.ctx.db.loose
      .selectFrom(table)
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    return Number(found.id);
  }
  const phoneOf = async (table: string, column: string, id: number) =>
    (await t.ctx.db.loose.selectFrom(table).select(column).where('id', '=', id).executeTakeFirstOrThrow())[column];

  async function migrate() {
    const migration = MIGRATIONS['20261201232000_base_normalise-phones'];
    if (!migration) throw new Error('no migration');
    const { db, kind } = t.ctx.db;
    await db.transaction().execute(async (trx) => {
      for (const statement of migration.sql[kind]) await sql.raw(statement).execute(trx);
    });
  }

  beforeAll(async () => {
    t = await startApp(target);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('brings each phone to its canonical form where it is certain, and leaves a number another app user holds', async () => {
    const customers = {
      spaced: await insert('customer_info', { customerName: '甲', customerPhone: '+86 139-1234-5603' }),
      landline: await insert('customer_info', { customerName: '乙', customerPhone: '010-62345678' }),
      trunk: await insert('customer_info', { customerName: '丙', customerPhone: '0139 1234 5604' }),
      local: await insert('customer_info', { customerName: '丁', customerPhone: '8765 4321' }),
      canonical: await insert('customer_info', { customerName: '戊', customerPhone: '13912345605' }),
    };
    const activity = await insert('customer_activity', {
      customerName: '甲',
      customerPhone: '(+86) 139 1234 5603',
      customerAddress: '',
    });
    const address = await insert('user_address', {
      userId: 1,
      contact: '收件人',
      phone: '0571-8765432',
      address: '文三路 1 号',
    });
    const staff = await insert('base_sys_user', { username: 'phone.legacy', password: 'x', phone: '86 138 0000 3333' });
    const app = {
      holder: await insert('user_info', { nickName: 'A', phone: '13800001111' }),
      taken: await insert('user_info', { nickName: 'B', phone: '+8613800001111' }),
      oldest: await insert('user_info', { nickName: 'C', phone: '+8613800002222' }),
      younger: await insert('user_info', { nickName: 'D', phone: '013800002222' }),
      abroad: await insert('user_info', { nickName: 'E', phone: '0085291234567' }),
      unread: await insert('user_info', { nickName: 'F', phone: '12345' }),
      none: await insert('user_info', { nickName: 'G', phone: null }),
    };

    await migrate();

    expect(await phoneOf('customer_info', 'customerPhone', customers.spaced)).toBe('13912345603');
    expect(await phoneOf('customer_info', 'customerPhone', customers.landline)).toBe('+861062345678');
    expect(await phoneOf('customer_info', 'customerPhone', customers.trunk)).toBe('13912345604');
    expect(await phoneOf('customer_info', 'customerPhone', customers.local)).toBe('8765 4321');
    expect(await phoneOf('customer_info', 'customerPhone', customers.canonical)).toBe('13912345605');
    expect(await phoneOf('customer_activity', 'customerPhone', activity)).toBe('13912345603');
    expect(await phoneOf('user_address', 'phone', address)).toBe('+865718765432');
    expect(await phoneOf('base_sys_user', 'phone', staff)).toBe('13800003333');
    expect(await phoneOf('user_info', 'phone', app.holder)).toBe('13800001111');
    expect(await phoneOf('user_info', 'phone', app.taken)).toBe('+8613800001111');
    expect(await phoneOf('user_info', 'phone', app.oldest)).toBe('13800002222');
    expect(await phoneOf('user_info', 'phone', app.younger)).toBe('013800002222');
    expect(await phoneOf('user_info', 'phone', app.abroad)).toBe('+85291234567');
    expect(await phoneOf('user_info', 'phone', app.unread)).toBe('12345');
    expect(await phoneOf('user_info', 'phone', app.none)).toBeNull();

    // Its staging table is gone, and a second run changes nothing.
    const left = await t.ctx.db.loose
      .selectFrom('user_info')
      .select('id')
      .where(sql<boolean>`exists (select 1 from ${sql.table('phone__fix')})`)
      .execute()
      .then(
        () => true,
        () => false,
      );
    expect(left).toBe(false);
    await migrate();
    expect(await phoneOf('user_info', 'phone', app.younger)).toBe('013800002222');
    expect(await phoneOf('customer_info', 'customerPhone', customers.landline)).toBe('+861062345678');

    // The app users left with another spelling are named, by id, in the server log once.
    expect(await findPhoneSpellings(t.ctx.db.db)).toEqual({ taken: [app.taken, app.younger], unread: [app.unread] });
    const warn = vi.spyOn(t.ctx.log, 'warn');
    try {
      await phoneSpellingsReport(t.ctx).run(t.ctx.db.db, t.ctx.db.kind);
      const said = warn.mock.calls.map((call) => JSON.stringify(call));
      expect(said).toHaveLength(2);
      expect(said[0]).toContain(`"appUserIds":[${app.taken},${app.younger}]`);
      expect(said[1]).toContain(`"appUserIds":[${app.unread}]`);
      // Ids only: never a number in the log.
      for (const text of said) expect(text).not.toMatch(/1380000|12345"/);
    } finally {
      warn.mockRestore();
    }
  });
});

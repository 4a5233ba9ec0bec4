import type { LoginType } from '@backroom/contract';
import { sql } from 'kysely';
import type { DbKind } from '../../core/db/index.js';
import { type Db, formatTime, insertReturningId } from '../../core/db/index.js';

/** What an app token's check reads on every call: status and password version. */
export async function findAccount(db: Db, id: number) {
  return db.selectFrom('user_info').select(['status', 'passwordV']).where('id', '=', id).executeTakeFirst();
}

export async function findAppUser(db: Db, id: number) {
  return db.selectFrom('user_info').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user a WeChat identity names: by unionid first (the same person across apps), then by the app's openid. */
export async function findByWechat(
  db: Db,
  openidColumn: 'miniOpenid' | 'mpOpenid',
  openid: string,
  unionid: string | null,
) {
  if (unionid !== null) {
    const byUnion = await db.selectFrom('user_info').selectAll().where('unionid', '=', unionid).executeTakeFirst();
    if (byUnion) return byUnion;
  }
  return db.selectFrom('user_info').selectAll().where(openidColumn, '=', openid).executeTakeFirst();
}

export async function findByPhone(db: Db, phone: string) {
  return db.selectFrom('user_info').selectAll().where('phone', '=', phone).executeTakeFirst();
}

/**
 * The app users whose phone may not be in its one spelling (phone.ts): every phone but an 11-digit
 * one beginning with 1, which the normalising migration left canonical or made so.
 */
export async function phonesToCheck(db: Db): Promise<Array<{ id: number; phone: string }>> {
  const rows = await db
    .selectFrom('user_info')
    .select(['id', 'phone'])
    .where('phone', 'is not', null)
    .where((eb) => eb.or([eb('phone', 'not like', '1%'), eb(sql`length(${sql.ref('phone')})`, '<>', 11)]))
    .orderBy('id')
    .execute();
  return rows.flatMap((r) => (r.phone === null ? [] : [{ id: r.id, phone: r.phone }]));
}

export type NewAppUser = {
  loginType: LoginType;
  unionid?: string | null;
  miniOpenid?: string | null;
  mpOpenid?: string | null;
  phone?: string | null;
  password?: string | null;
  nickName?: string | null;
  avatarUrl?: string | null;
  gender?: 0 | 1 | 2;
};

export async function insertAppUser(db: Db, kind: DbKind, user: NewAppUser): Promise<number> {
  const now = formatTime();
  return insertReturningId(db, kind, 'user_info', {
    gender: 0,
    status: 1,
    passwordV: 1,
    ...user,
    createTime: now,
    updateTime: now,
  });
}

export type AppUserPatch = {
  unionid?: string | null;
  miniOpenid?: string | null;
  mpOpenid?: string | null;
  nickName?: string | null;
  avatarUrl?: string | null;
  gender?: 0 | 1 | 2;
  description?: string | null;
  password?: string;
  passwordV?: number;
};

export async function updateAppUser(db: Db, id: number, patch: AppUserPatch): Promise<void> {
  await db
    .updateTable('user_info')
    .set({ ...patch, updateTime: formatTime() })
    .where('id', '=', id)
    .execute();
}

/** Whether an app user exists (an address's owner). */
export async function appUserExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('user_info').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The switched-on sign-in types as the `appLoginTypes` parameter lists them (`0,1,2`); null when it is missing. */
export async function readLoginTypesParam(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('base_sys_param')
    .select('data')
    .where('keyName', '=', 'appLoginTypes')
    .executeTakeFirst();
  return row ? (row.data ?? '') : null;
}

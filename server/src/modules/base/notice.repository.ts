import { NOTICE_KIND } from '@backroom/contract';
import type { Db } from '../../core/db/index.js';
import type { DeletedRows } from '../../core/recycle.js';

/** Enabled users in these departments, with these roles, or named, whose department lies in `within` (null: all). */
export async function usersOfTargets(
  db: Db,
  targets: { departmentIds: readonly number[]; roleIds: readonly number[]; userIds: readonly number[] },
  within: ReadonlySet<number> | null,
): Promise<number[]> {
  const ids = new Set<number>();
  const take = (rows: { id: number; departmentId: number | null }[]) => {
    for (const row of rows)
      if (within === null || (row.departmentId !== null && within.has(row.departmentId))) ids.add(row.id);
  };
  const users = db.selectFrom('base_sys_user as u').select(['u.id', 'u.departmentId']).where('u.status', '=', 1);
  if (targets.departmentIds.length > 0)
    take(await users.where('u.departmentId', 'in', [...targets.departmentIds]).execute());
  if (targets.userIds.length > 0) take(await users.where('u.id', 'in', [...targets.userIds]).execute());
  if (targets.roleIds.length > 0)
    take(
      await users
        .innerJoin('base_sys_user_role as ur', 'ur.userId', 'u.id')
        .where('ur.roleId', 'in', [...targets.roleIds])
        .execute(),
    );
  return [...ids].sort((a, b) => a - b);
}

/** The departments (id, parent) and the roles that exist among those named. */
export async function existingTargets(db: Db, departmentIds: readonly number[], roleIds: readonly number[]) {
  const [departments, roles] = await Promise.all([
    db.selectFrom('base_sys_department').select(['id', 'parentId']).execute(),
    roleIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('base_sys_role')
          .select('id')
          .where('id', 'in', [...roleIds])
          .execute(),
  ]);
  return { departments, roleIds: new Set(roles.map((r) => r.id)), wanted: new Set(departmentIds) };
}

/** The departments of these users (a user named as a recipient must lie in the sender's scope). */
export async function departmentsOfUsers(db: Db, userIds: readonly number[]): Promise<Map<number, number | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('base_sys_user')
    .select(['id', 'departmentId'])
    .where('id', 'in', [...userIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r.departmentId]));
}

/** An announcement's messages get its new title and excerpt; those of recipients no longer named go. */
export async function refreshNoticeMessages(trx: Db, noticeId: number, params: string, keep: readonly number[]) {
  await trx
    .updateTable('base_message')
    .set({ params })
    .where('kind', '=', NOTICE_KIND)
    .where('refId', '=', noticeId)
    .execute();
  let gone = trx.deleteFrom('base_message').where('kind', '=', NOTICE_KIND).where('refId', '=', noticeId);
  if (keep.length > 0) gone = gone.where('userId', 'not in', [...keep]);
  await gone.execute();
}

/** Deletes the messages of these announcements; returns them as stored (the recycle bin restores them). */
export async function deleteNoticeMessages(trx: Db, noticeIds: readonly number[]): Promise<DeletedRows[]> {
  if (noticeIds.length === 0) return [];
  const rows = await trx
    .selectFrom('base_message')
    .selectAll()
    .where('kind', '=', NOTICE_KIND)
    .where('refId', 'in', [...noticeIds])
    .execute();
  await trx
    .deleteFrom('base_message')
    .where('kind', '=', NOTICE_KIND)
    .where('refId', 'in', [...noticeIds])
    .execute();
  return [{ table: 'base_message', rows }];
}

/** Each recipient of an announcement with their department and when they read it (null: not yet). */
export async function noticeReceipts(db: Db, noticeId: number) {
  return db
    .selectFrom('base_message as m')
    .innerJoin('base_sys_user as u', 'u.id', 'm.userId')
    .leftJoin('base_sys_department as d', 'd.id', 'u.departmentId')
    .select(['m.userId', 'u.name', 'u.username', 'u.departmentId', 'd.name as departmentName', 'm.readTime'])
    .where('m.kind', '=', NOTICE_KIND)
    .where('m.refId', '=', noticeId)
    .orderBy('m.readTime')
    .orderBy('m.userId')
    .execute();
}

/** Recipients and readers per announcement, for the list. */
export async function noticeCounts(db: Db, noticeIds: readonly number[]) {
  if (noticeIds.length === 0) return new Map<number, { recipients: number; readCount: number }>();
  const rows = await db
    .selectFrom('base_message')
    .select((eb) => ['refId', eb.fn.countAll().as('recipients'), eb.fn.count('readTime').as('readCount')])
    .where('kind', '=', NOTICE_KIND)
    .where('refId', 'in', [...noticeIds])
    .groupBy('refId')
    .execute();
  return new Map(
    rows.map((r) => [Number(r.refId), { recipients: Number(r.recipients), readCount: Number(r.readCount) }]),
  );
}

export async function findNotice(db: Db, id: number) {
  return db
    .selectFrom('base_notice as n')
    .leftJoin('base_sys_user as u', 'u.id', 'n.senderId')
    .select(['n.id', 'n.title', 'n.content', 'n.createTime', 'u.name as senderName'])
    .where('n.id', '=', id)
    .executeTakeFirst();
}

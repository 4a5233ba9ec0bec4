import { SUPER_ROLE_LABEL } from '@backroom/contract';
import { type Db, type DbKind, formatTime, toDbBool } from '../../core/db/index.js';
import { splitPerms } from './principal.repository.js';

/** A message row as stored (base_message). */
export type StoredMessage = {
  id: number;
  userId: number;
  kind: string;
  params: string;
  link: string | null;
  refId: number | null;
  readTime: string | null;
  createTime: string;
};

export type MessageInsert = {
  userId: number;
  kind: string;
  params: string;
  link: string | null;
  refId: number | null;
  dedupeKey: string | null;
};

const MESSAGE_COLUMNS = ['id', 'userId', 'kind', 'params', 'link', 'refId', 'readTime', 'createTime'] as const;
const INSERT_ROWS = 300;

/**
 * Stores messages, leaving out any whose recipient already has one with the same key (another
 * instance's run of the same reminder, a second run): the unique index decides, on every dialect.
 */
export async function insertMessages(trx: Db, kind: DbKind, rows: readonly MessageInsert[]): Promise<void> {
  const now = formatTime();
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    const values = rows.slice(i, i + INSERT_ROWS).map((row) => ({ ...row, createTime: now, updateTime: now }));
    const insert = trx.insertInto('base_message').values(values);
    if (kind === 'postgres') await insert.onConflict((oc) => oc.doNothing()).execute();
    else await insert.orIgnore().execute();
  }
}

/** The recipients among `userIds` who already hold a message with one of these keys. */
export async function usersHoldingKey(db: Db, key: string, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('base_message')
    .select('userId')
    .where('dedupeKey', '=', key)
    .where('userId', 'in', [...userIds])
    .execute();
  return new Set(rows.map((r) => r.userId));
}

/** The messages of these users past their cursor, oldest first: what their streams have not had yet. */
export async function messagesAfter(
  db: Db,
  userIds: readonly number[],
  afterId: number,
  limit: number,
): Promise<StoredMessage[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('base_message')
    .select(MESSAGE_COLUMNS)
    .where('userId', 'in', [...userIds])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The highest message id of a user (0 when none): where a stream without a cursor starts. */
export async function lastMessageId(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('base_message')
    .select((eb) => eb.fn.max('id').as('last'))
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

export type MessageFilter = { kind?: string; unread?: boolean; keyWord?: string };

function filtered(db: Db, userId: number, filter: MessageFilter) {
  let query = db.selectFrom('base_message').where('userId', '=', userId);
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.unread === true) query = query.where('readTime', 'is', null);
  if (filter.unread === false) query = query.where('readTime', 'is not', null);
  return query;
}

/** A user's messages, newest first. */
export async function pageMessages(
  db: Db,
  userId: number,
  filter: MessageFilter,
  page: number,
  size: number,
): Promise<{ rows: StoredMessage[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, userId, filter)
      .select(MESSAGE_COLUMNS)
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    filtered(db, userId, filter)
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await filtered(db, userId, { unread: true })
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Marks the user's own messages among `ids` read (another's ids change nothing); how many changed. */
export async function markRead(db: Db, userId: number, ids: readonly number[] | 'all'): Promise<number> {
  let query = db
    .updateTable('base_message')
    .set({ readTime: formatTime(), updateTime: formatTime() })
    .where('userId', '=', userId)
    .where('readTime', 'is', null);
  if (ids !== 'all') query = query.where('id', 'in', [...ids]);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A user's own message of a kind about a row (an announcement she received). */
export async function findOwnMessageAbout(
  db: Db,
  userId: number,
  kind: string,
  refId: number,
): Promise<StoredMessage | undefined> {
  return db
    .selectFrom('base_message')
    .select(MESSAGE_COLUMNS)
    .where('userId', '=', userId)
    .where('kind', '=', kind)
    .where('refId', '=', refId)
    .executeTakeFirst();
}

export type PrefRow = { userId: number; kind: string; inApp: boolean; viaPlugin: boolean };

export async function prefsOf(db: Db, userIds: readonly number[], kind?: string): Promise<PrefRow[]> {
  if (userIds.length === 0) return [];
  let query = db
    .selectFrom('base_message_pref')
    .select(['userId', 'kind', 'inApp', 'viaPlugin'])
    .where('userId', 'in', [...userIds]);
  if (kind) query = query.where('kind', '=', kind);
  const rows = await query.execute();
  return rows.map((r) => ({ userId: r.userId, kind: r.kind, inApp: !!r.inApp, viaPlugin: !!r.viaPlugin }));
}

/** Replaces a user's choices for the kinds given (in the caller's transaction). */
export async function savePrefs(trx: Db, kind: DbKind, userId: number, prefs: readonly Omit<PrefRow, 'userId'>[]) {
  if (prefs.length === 0) return;
  await trx
    .deleteFrom('base_message_pref')
    .where('userId', '=', userId)
    .where(
      'kind',
      'in',
      prefs.map((p) => p.kind),
    )
    .execute();
  await trx
    .insertInto('base_message_pref')
    .values(
      prefs.map((p) => ({
        userId,
        kind: p.kind,
        inApp: toDbBool(kind, p.inApp),
        viaPlugin: toDbBool(kind, p.viaPlugin),
      })),
    )
    .execute();
}

/** Enabled users who hold a permission through their roles, and every enabled superuser. */
export async function holdersOf(db: Db, perm: string): Promise<number[]> {
  const supers = await db
    .selectFrom('base_sys_user_role as ur')
    .innerJoin('base_sys_role as r', 'r.id', 'ur.roleId')
    .innerJoin('base_sys_user as u', 'u.id', 'ur.userId')
    .select('u.id')
    .where('r.label', '=', SUPER_ROLE_LABEL)
    .where('u.status', '=', 1)
    .execute();
  const granted = await db
    .selectFrom('base_sys_menu as m')
    .innerJoin('base_sys_role_menu as rm', 'rm.menuId', 'm.id')
    .innerJoin('base_sys_user_role as ur', 'ur.roleId', 'rm.roleId')
    .innerJoin('base_sys_user as u', 'u.id', 'ur.userId')
    .select(['u.id', 'm.perms'])
    .where('m.perms', 'like', `%${perm}%`)
    .where('u.status', '=', 1)
    .execute();
  const ids = new Set(supers.map((s) => s.id));
  for (const row of granted) if (splitPerms(row.perms).includes(perm)) ids.add(row.id);
  return [...ids].sort((a, b) => a - b);
}

/** The usernames of users, for the notify plugin's message. */
export async function usernamesOf(db: Db, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('base_sys_user')
    .select(['id', 'username'])
    .where('id', 'in', [...userIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}

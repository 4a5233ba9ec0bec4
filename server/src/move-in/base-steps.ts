import { legacyHashOf, unusableHash } from '../core/auth/password.js';
import { mediaBasesOf, richTextSanitizer } from '../modules/base/index.js';
import { type IdBook, moveRows, type Prepared, type Run, rememberId, sameColumns, sourceKey } from './engine.js';
import type { SourceRow } from './source.js';

/** Ids of a cool-admin id list: a JSON array (8.x role columns) or comma-joined text. */
export function idList(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.map(String);
  const text = String(value).trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed) ? parsed.map(String) : [];
    } catch {
      return [];
    }
  }
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A permission list as a comparable key: its strings sorted, commas between. */
export function permsKey(value: unknown): string {
  return [...new Set(idList(value))].sort().join(',');
}

const missing = (column: string): Prepared => ({ skip: { key: 'moveIn.skip.missingRef', params: { column } } });

export async function moveDepartments(run: Run, book: IdBook): Promise<void> {
  await moveRows(run, book, {
    name: 'base_sys_department',
    target: 'base_sys_department',
    rows: await run.source.rows('base_sys_department'),
    prepare: (row) => {
      const values = sameColumns(run, 'base_sys_department', row, ['userId', 'parentId', 'isStore']);
      return values.name ? { values } : { skip: { key: 'moveIn.skip.incomplete' } };
    },
    parent: { column: 'parentId', of: (row) => row.parentId },
  });
}

export async function moveRoles(run: Run, book: IdBook): Promise<SourceRow[]> {
  const rows = await run.source.rows('base_sys_role');
  await moveRows(run, book, {
    name: 'base_sys_role',
    target: 'base_sys_role',
    rows,
    prepare: (row) => {
      const values = sameColumns(run, 'base_sys_role', row, ['userId']);
      if (!values.label || !values.name) return { skip: { key: 'moveIn.skip.incomplete' } };
      return {
        values,
        match: async () => {
          const found = await run.trx
            .selectFrom('base_sys_role')
            .select('id')
            .where('label', '=', String(values.label))
            .executeTakeFirst();
          return found?.id;
        },
      };
    },
  });
  return rows;
}

export async function moveUsers(run: Run, book: IdBook): Promise<void> {
  await moveRows(run, book, {
    name: 'base_sys_user',
    target: 'base_sys_user',
    rows: await run.source.rows('base_sys_user'),
    prepare: (row) => {
      const values = sameColumns(run, 'base_sys_user', row, [
        'userId',
        'password',
        'passwordV',
        'passwordChangeRequired',
        'socketId',
        'tenantId',
        'totpSecret',
        'totpStep',
        'wecomUserId',
        'departmentId',
      ]);
      if (!values.username) return { skip: { key: 'moveIn.skip.incomplete' } };
      values.departmentId = run.idOf('base_sys_department', row.departmentId) ?? null;
      // cool-admin's MD5, kept marked as legacy until the first sign-in (core/auth/password.ts).
      values.password = legacyHashOf(String(row.password ?? '')) ?? unusableHash();
      return {
        values,
        match: async () => {
          const found = await run.trx
            .selectFrom('base_sys_user')
            .select('id')
            .where('username', '=', String(values.username))
            .executeTakeFirst();
          return found?.id;
        },
        // A user with this install's own hash (signed in since, or one of ours) keeps it.
        keep: (existing) => (String(existing.password).startsWith('scrypt$') ? ['password'] : []),
      };
    },
  });
}

/** Join rows as pairs of source ids, from the join table and (8.x) the role's own id list column. */
function pairsOf(
  joinRows: readonly SourceRow[],
  left: string,
  right: string,
  owners: readonly SourceRow[],
  listColumn: string,
): SourceRow[] {
  const seen = new Set<string>();
  const out: SourceRow[] = [];
  const add = (a: unknown, b: unknown) => {
    const key = `${sourceKey(a)}:${sourceKey(b)}`;
    if (sourceKey(a) === null || sourceKey(b) === null || seen.has(key)) return;
    seen.add(key);
    out.push({ [left]: a, [right]: b });
  };
  for (const row of joinRows) add(row[left], row[right]);
  for (const owner of owners) for (const id of idList(owner[listColumn])) add(owner.id, id);
  return out;
}

async function moveJoin(
  run: Run,
  book: IdBook,
  table: 'base_sys_user_role' | 'base_sys_role_menu' | 'base_sys_role_department',
  left: { column: string; of: string },
  right: { column: string; of: string },
  rows: SourceRow[],
): Promise<void> {
  await moveRows(run, book, {
    name: table,
    target: table,
    rows,
    insertOnly: true,
    idOf: (row) => `${sourceKey(row[left.column])}:${sourceKey(row[right.column])}`,
    prepare: (row) => {
      const a = run.idOf(left.of, row[left.column]);
      const b = run.idOf(right.of, row[right.column]);
      if (a === undefined) return missing(left.column);
      if (b === undefined) return missing(right.column);
      return {
        values: { [left.column]: a, [right.column]: b },
        match: async () => {
          const found = await run.db
            .selectFrom(table)
            .select('id')
            .where(left.column, '=', a)
            .where(right.column, '=', b)
            .executeTakeFirst();
          return found ? Number((found as { id: number }).id) : undefined;
        },
      };
    },
  });
}

export async function moveGrants(run: Run, book: IdBook, roles: readonly SourceRow[]): Promise<void> {
  const role = { column: 'roleId', of: 'base_sys_role' };
  await moveJoin(
    run,
    book,
    'base_sys_user_role',
    { column: 'userId', of: 'base_sys_user' },
    role,
    pairsOf(await run.source.rows('base_sys_user_role'), 'userId', 'roleId', [], ''),
  );
  await moveJoin(
    run,
    book,
    'base_sys_role_menu',
    role,
    { column: 'menuId', of: 'base_sys_menu' },
    pairsOf(await run.source.rows('base_sys_role_menu'), 'roleId', 'menuId', roles, 'menuIdList'),
  );
  await moveJoin(
    run,
    book,
    'base_sys_role_department',
    role,
    { column: 'departmentId', of: 'base_sys_department' },
    pairsOf(await run.source.rows('base_sys_role_department'), 'roleId', 'departmentId', roles, 'departmentIdList'),
  );
}

/** The mapping name of source menus matched to one of Backroom's own (never changed by a move-in). */
const MATCHED_MENUS = 'base_sys_menu:matched';

/**
 * Menus and permissions: matched to Backroom's own by router path, then by permission strings;
 * one without a counterpart comes in with its path kept and is listed in the report's notes.
 */
export async function moveMenus(run: Run, book: IdBook): Promise<void> {
  const own = await run.trx.selectFrom('base_sys_menu').select(['id', 'router', 'perms']).execute();
  const created = new Set(book.ids.get('base_sys_menu')?.values() ?? []);
  const matched = new Set(book.ids.get(MATCHED_MENUS)?.values() ?? []);
  const byRouter = new Map<string, number>();
  const byPerms = new Map<string, number>();
  for (const menu of own) {
    if (created.has(menu.id) && !matched.has(menu.id)) continue;
    if (menu.router) byRouter.set(menu.router, menu.id);
    const perms = permsKey(menu.perms);
    if (perms) byPerms.set(perms, menu.id);
  }
  const rows = await run.source.rows('base_sys_menu');
  await moveRows(run, book, {
    name: 'base_sys_menu',
    target: 'base_sys_menu',
    rows,
    prepare: (row) => {
      const values = sameColumns(run, 'base_sys_menu', row, ['parentId']);
      if (!values.name) return { skip: { key: 'moveIn.skip.incomplete' } };
      const router = typeof row.router === 'string' ? row.router.trim() : '';
      const perms = permsKey(row.perms);
      return {
        values,
        match: () => {
          const id = (router ? byRouter.get(router) : undefined) ?? (perms ? byPerms.get(perms) : undefined);
          const key = sourceKey(row.id);
          if (id !== undefined && key !== null) {
            rememberId(book, MATCHED_MENUS, key, id);
            matched.add(id);
          }
          return id;
        },
        // Backroom's own menu stays as it is; a menu brought in follows the source.
        keep: (existing) => (matched.has(Number(existing.id)) ? Object.keys(values) : []),
      };
    },
    parent: { column: 'parentId', of: (row) => row.parentId, fixed: (id) => matched.has(id) },
  });
  let unmatchedPerms = 0;
  for (const row of rows) {
    const id = run.idOf('base_sys_menu', row.id);
    if (id === undefined || matched.has(id)) continue;
    if (Number(row.type) === 2) unmatchedPerms += 1;
    else
      run.report.notes.push({
        key: 'moveIn.note.menuKept',
        params: { name: String(row.name ?? ''), router: String(row.router ?? '') },
      });
  }
  if (unmatchedPerms > 0) run.report.notes.push({ key: 'moveIn.note.permsKept', params: { count: unmatchedPerms } });
}

/** Parameters, matched by key name; rich text (dataType 1) is sanitised as the parameter screen does. */
export async function moveParams(run: Run, book: IdBook): Promise<void> {
  const sanitize = richTextSanitizer(mediaBasesOf(run.ctx.config));
  const rows = await run.source.rows('base_sys_param');
  const prepared = new Map<SourceRow, Prepared>();
  for (const row of rows) {
    const values = sameColumns(run, 'base_sys_param', row);
    if (!values.keyName || !values.name) {
      prepared.set(row, { skip: { key: 'moveIn.skip.incomplete' } });
      continue;
    }
    if (Number(values.dataType) === 1 && typeof values.data === 'string') values.data = await sanitize(values.data);
    prepared.set(row, {
      values,
      match: async () => {
        const found = await run.trx
          .selectFrom('base_sys_param')
          .select('id')
          .where('keyName', '=', String(values.keyName))
          .executeTakeFirst();
        return found?.id;
      },
    });
  }
  await moveRows(run, book, {
    name: 'base_sys_param',
    target: 'base_sys_param',
    rows,
    prepare: (row) => prepared.get(row) ?? { skip: { key: 'moveIn.skip.incomplete' } },
  });
}

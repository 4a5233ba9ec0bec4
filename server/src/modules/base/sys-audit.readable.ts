import {
  type AuditChange,
  type AuditEvent,
  type Column,
  type Entity,
  type Label,
  type Locale,
  label,
  MOVE_IN_AUDIT_ENTITY,
  moveInAuditLabel,
  type StoredChange,
  type SysAuditRow,
} from '@backroom/contract';
import { holds, type Session } from '../../core/auth/principal.js';
import { readDictionaries, staffByIds } from '../../core/crud/excel-cells.js';
import type { LooseDb } from '../../core/db/index.js';

/*
 * Events as a reader gets them: each field by its label in the reader's language, values as words
 * (dictionary labels, enumerated values' labels, staff, department and role names instead of ids),
 * a secret as "changed" only, and a masked field's values only to a reader who may reveal it.
 */

/** Columns that name a staff user, whatever the entity. */
const STAFF_COLUMNS = new Set(['userId', 'employeeId', 'ownerId', 'salesmanId', 'operatorId', 'endedBy']);
/** Columns that name a department (a store). */
const DEPT_COLUMNS = new Set(['departmentId', 'storeId']);

/** Fields written beside the columns, with their labels. */
const BESIDE: Record<string, Label> = {
  roleIdList: label('角色', '角色', 'Roles'),
  menuIdList: label('菜单权限', '選單權限', 'Menus'),
  departmentIdList: label('数据权限', '資料權限', 'Departments'),
  password: label('密码', '密碼', 'Password'),
  twoFactor: label('两步验证', '兩步驗證', 'Two-factor sign-in'),
  session: label('会话', '會話', 'Session'),
  field: label('字段', '欄位', 'Field'),
  reason: label('原因', '原因', 'Reason'),
};

const YES_NO = { yes: label('是', '是', 'Yes'), no: label('否', '否', 'No') };

type Names = {
  staff: Map<number, string>;
  depts: Map<number, string>;
  roles: Map<number, string>;
  dicts: Awaited<ReturnType<typeof readDictionaries>>;
};

function refKind(entity: Entity | undefined, field: string): 'staff' | 'dept' | 'roles' | 'depts' | null {
  if (entity?.ownership?.owner === field || STAFF_COLUMNS.has(field)) return 'staff';
  if (entity?.ownership?.store === field || DEPT_COLUMNS.has(field)) return 'dept';
  if (field === 'roleIdList') return 'roles';
  if (field === 'departmentIdList') return 'depts';
  return null;
}

function idsIn(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (typeof value !== 'string') return [];
  if (/^\d+$/.test(value)) return [Number(value)];
  try {
    const list = JSON.parse(value) as unknown;
    return Array.isArray(list) ? list.filter((v): v is number => typeof v === 'number') : [];
  } catch {
    return [];
  }
}

export function parseChanges(text: string | null): StoredChange[] {
  if (!text) return [];
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list) ? (list as StoredChange[]) : [];
  } catch {
    return [];
  }
}

/** The names every event of the page refers to, read in a few queries. */
async function namesOf(
  db: LooseDb,
  rows: ReadonlyArray<{ entity: Entity | undefined; changes: StoredChange[] }>,
  locale: Locale,
): Promise<Names> {
  const staff: number[] = [];
  const depts: number[] = [];
  const roles: number[] = [];
  const dictColumns: Column[] = [];
  for (const { entity, changes } of rows) {
    for (const change of changes) {
      const kind = refKind(entity, change.f);
      const ids = kind ? [...idsIn(change.o), ...idsIn(change.n)] : [];
      if (kind === 'staff') staff.push(...ids);
      else if (kind === 'dept' || kind === 'depts') depts.push(...ids);
      else if (kind === 'roles') roles.push(...ids);
      const column = entity?.columns[change.f];
      if (column?.dict) dictColumns.push(column);
    }
  }
  const byName = async (table: 'base_sys_department' | 'base_sys_role', ids: number[]) => {
    const out = new Map<number, string>();
    if (ids.length === 0) return out;
    const found = await db
      .selectFrom(table)
      .select(['id', 'name'])
      .where('id', 'in', [...new Set(ids)].slice(0, 1000))
      .execute();
    for (const row of found as Array<{ id: number; name: string }>) out.set(Number(row.id), row.name);
    return out;
  };
  const [people, departments, roleNames, dicts] = await Promise.all([
    staffByIds(db, staff.slice(0, 1000)),
    byName('base_sys_department', depts),
    byName('base_sys_role', roles),
    readDictionaries(db, dictColumns, locale),
  ]);
  const staffNames = new Map([...people].map(([id, p]) => [id, p.name ?? p.username]));
  return { staff: staffNames, depts: departments, roles: roleNames, dicts };
}

function wordOf(
  entity: Entity | undefined,
  field: string,
  value: unknown,
  names: Names,
  locale: Locale,
): string | null {
  if (value === undefined || value === null) return null;
  const column = entity?.columns[field];
  const kind = refKind(entity, field);
  if (kind) {
    const map = kind === 'staff' ? names.staff : kind === 'roles' ? names.roles : names.depts;
    const ids = idsIn(value);
    if (ids.length > 0 || kind === 'roles' || kind === 'depts')
      return ids.map((id) => map.get(id) ?? `#${id}`).join(', ');
  }
  const text = String(value);
  // A reveal names the field it showed.
  if (field === 'field' && entity?.columns[text]) return entity.columns[text].label[locale];
  if (column?.valueLabels?.[text]) return column.valueLabels[text][locale];
  if (column?.dict) return names.dicts.get(column.dict)?.names.get(text) ?? text;
  if (column?.kind === 'bool') return (value === 1 || value === true ? YES_NO.yes : YES_NO.no)[locale];
  return text;
}

/** The events of one page as the reader gets them. */
export async function readableEvents(
  db: LooseDb,
  rows: readonly SysAuditRow[],
  entities: ReadonlyMap<string, Entity>,
  session: Session,
  locale: Locale,
): Promise<AuditEvent[]> {
  const parsed = rows.map((row) => ({ row, entity: entities.get(row.entity), changes: parseChanges(row.changes) }));
  // A move-in run's fields are tables: each named as the entity stored there is, where there is one.
  const tableLabels = new Map<string, Label>();
  if (rows.some((r) => r.entity === MOVE_IN_AUDIT_ENTITY))
    for (const e of entities.values()) if (!tableLabels.has(e.table)) tableLabels.set(e.table, e.label);
  const names = await namesOf(db, parsed, locale);
  return parsed.map(({ row, entity, changes }) => {
    // A masked field's values, themselves masked, only to a reader who may reveal the field.
    const reveals = entity !== undefined && 'reveal' in entity.perms && holds(session, entity.perms.reveal as string);
    const list: AuditChange[] = changes.map((change) => {
      const fieldLabel =
        entity?.columns[change.f]?.label[locale] ??
        BESIDE[change.f]?.[locale] ??
        (row.entity === MOVE_IN_AUDIT_ENTITY ? tableLabels.get(change.f)?.[locale] : undefined) ??
        change.f;
      const withheld = change.w === 1 || (change.m === 1 && !reveals);
      if (withheld) return { field: change.f, label: fieldLabel, withheld: true };
      return {
        field: change.f,
        label: fieldLabel,
        withheld: false,
        old: wordOf(entity, change.f, change.o, names, locale),
        new: wordOf(entity, change.f, change.n, names, locale),
      };
    });
    const entityLabel =
      entity?.label[locale] ?? (row.entity === MOVE_IN_AUDIT_ENTITY ? moveInAuditLabel[locale] : row.entity);
    return { ...row, entityLabel, changes: list };
  });
}

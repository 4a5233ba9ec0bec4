import { baseOpen, type Declaration, declarations, type Entity, sysMenu } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, startApp, type TestApp, testTargets } from '../../testing/harness.js';

/**
 * The shared contract every entity declaration must keep on every database: what EPS and OpenAPI
 * say about it, that its table has its columns, and how the standard page, info and list behave.
 */

type EpsColumn = { propertyName: string; type: string; length: string; nullable: boolean };
type EpsEntry = {
  module: string;
  name?: string;
  prefix: string;
  api: Array<{ method: string; path: string; ignoreToken: boolean }>;
  columns: EpsColumn[];
  pageQueryOp?: { keyWordLikeFields: string[]; fieldEq: string[]; fieldLike: string[] };
};
type OpenApi = { paths: Record<string, Record<string, { security?: unknown[] }>> };
type Row = Record<string, unknown> & { id: number };
type Page = { list: Row[]; pagination: { page: number; size: number; total: number } };

const entities = declarations.filter((d): d is Entity => d.kind === 'entity');
const BASE_COLUMNS = ['id', 'createTime', 'updateTime'];
/** An id no test database reaches, inside every dialect's integer range. */
const MISSING_ID = 999_999_999;

function urlOf(d: Declaration, action: string): string {
  const endpoint = d.endpoints.find((e) => e.action === action);
  if (!endpoint) throw new Error(`${d.prefix} declares no ${action}`);
  return endpoint.url;
}

const visibleColumns = (entity: Entity) =>
  Object.entries(entity.columns)
    .filter(([, c]) => !c.hidden)
    .map(([name]) => name);
const hiddenColumns = (entity: Entity) =>
  Object.entries(entity.columns)
    .filter(([, c]) => c.hidden)
    .map(([name]) => name);

/** Non-null values of one column in list order, where the order is comparable on every dialect. */
function comparable(entity: Entity, column: string, rows: Row[]): Array<number | string> | undefined {
  const kind = BASE_COLUMNS.includes(column) ? (column === 'id' ? 'int' : 'datetime') : entity.columns[column]?.kind;
  // Text order depends on each database's collation; numbers, booleans and timestamps do not.
  if (kind !== 'int' && kind !== 'decimal' && kind !== 'bool' && kind !== 'datetime') return undefined;
  return rows
    .map((r) => r[column])
    .filter((v) => v !== null && v !== undefined)
    .map((v) => (typeof v === 'boolean' ? Number(v) : (v as number | string)));
}

function isSorted(values: Array<number | string>, sort: 'asc' | 'desc'): boolean {
  return values.every((v, i) => {
    const prev = values[i - 1];
    if (i === 0 || prev === undefined) return true;
    return sort === 'asc' ? prev <= v : prev >= v;
  });
}

describe.each(testTargets())('entity contract on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let eps: Record<string, EpsEntry[]>;
  let openApi: OpenApi;

  async function tableCount(entity: Entity): Promise<number> {
    const row = await t.ctx.db.loose
      .selectFrom(entity.table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return Number((row as { n?: number | string } | undefined)?.n ?? 0);
  }

  beforeAll(async () => {
    t = await startApp(target);
    admin = (await t.login()).token;
    eps = dataOf(await t.get<Record<string, EpsEntry[]>>(urlOf(baseOpen, 'eps')));
    const docs = await t.get('/docs/json');
    expect(docs.status).toBe(200);
    openApi = JSON.parse(docs.raw) as OpenApi;
  });

  afterAll(async () => {
    await t?.stop();
  });

  it('seeds only declared permissions, and every declared permission in some menu (a permission is read from its declaration)', async () => {
    const menus = dataOf(await t.post<Array<{ perms: string | null }>>(urlOf(sysMenu, 'list'), {}, admin));
    const seeded = new Set(
      menus.flatMap((m) =>
        (m.perms ?? '')
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean),
      ),
    );
    const declared = new Set(declarations.flatMap((d) => d.endpoints.map((e) => e.perm)).filter((p) => p !== null));
    expect(seeded.size).toBeGreaterThan(0);
    expect([...seeded].filter((p) => !declared.has(p))).toEqual([]);
    expect([...declared].filter((p) => !seeded.has(p))).toEqual([]);
  });

  describe.each(entities)('$prefix', (entity) => {
    it('is described by the EPS: prefix, name, visible columns, pageQueryOp and api', () => {
      const entry = eps[entity.module]?.find((e) => e.prefix === entity.prefix);
      expect(entry, `no EPS entry for ${entity.prefix}`).toBeDefined();
      if (!entry) return;
      expect(entry.name).toBe(entity.entityName);
      expect(entry.columns.map((c) => c.propertyName).sort()).toEqual(
        [...BASE_COLUMNS, ...visibleColumns(entity)].sort(),
      );
      for (const [name, column] of Object.entries(entity.columns)) {
        if (column.hidden) continue;
        const described = entry.columns.find((c) => c.propertyName === name);
        expect(described?.nullable, name).toBe(column.nullable);
        if (column.kind === 'string') expect(described?.length, name).toBe(String(column.length));
      }
      expect(entry.pageQueryOp).toEqual({
        keyWordLikeFields: [...entity.keyWordJoined, ...entity.query.keyWordLikeFields],
        fieldEq: [...entity.query.fieldEq],
        fieldLike: [...entity.query.fieldLike],
      });
      expect(entry.api.map((a) => [a.method, a.path, a.ignoreToken]).sort()).toEqual(
        entity.endpoints.map((e) => [e.method, `/${e.action}`, e.auth === 'open']).sort(),
      );
    });

    it('has an OpenAPI path for each endpoint', () => {
      const missing = entity.endpoints.filter((e) => openApi.paths[`/api${e.url}`]?.[e.method] === undefined);
      expect(missing.map((e) => e.url)).toEqual([]);
      for (const e of entity.endpoints) {
        const security = openApi.paths[`/api${e.url}`]?.[e.method]?.security ?? [];
        expect(security.length > 0, `${e.url} security`).toBe(e.auth !== 'open');
      }
    });

    it('has every declared column in its table', async () => {
      const missing: string[] = [];
      for (const name of [...BASE_COLUMNS, ...Object.keys(entity.columns)]) {
        try {
          await t.ctx.db.loose.selectFrom(entity.table).select(name).limit(0).execute();
        } catch {
          missing.push(name);
        }
      }
      expect(missing).toEqual([]);
      // The control: on this dialect a limit-0 select does fail for a column the table lacks.
      await expect(t.ctx.db.loose.selectFrom(entity.table).select('noSuchColumn').limit(0).execute()).rejects.toThrow();
    });

    if (entity.standard.includes('page')) {
      describe('page', () => {
        const page = urlOf(entity, 'page');

        it('answers {list, pagination} with rows of the declared shape and the table total', async () => {
          // The first page call of this entity here, so a cached count cannot be older than `before`.
          const before = await tableCount(entity);
          const result = dataOf(await t.post<Page>(page, { page: 1, size: 2 }, admin));
          const after = await tableCount(entity);
          expect(result.pagination.page).toBe(1);
          expect(result.pagination.size).toBe(2);
          expect(result.pagination.total).toBeGreaterThanOrEqual(before);
          expect(result.pagination.total).toBeLessThanOrEqual(after);
          expect(result.list.length).toBe(Math.min(2, result.pagination.total));
          for (const row of result.list) {
            const parsed = entity.schemas.row.safeParse(row);
            expect(parsed.success, `${JSON.stringify(row)}: ${parsed.error?.message}`).toBe(true);
            for (const hidden of hiddenColumns(entity)) expect(row).not.toHaveProperty(hidden);
          }
        });

        it('refuses an order that is not a column with 400, naming it', async () => {
          const reply = await t.post(page, { order: 'notAColumn' }, admin, { language: 'en' });
          expect(reply.status).toBe(400);
          expect(reply.body.code).toBe(1002);
          expect(reply.body.message).toContain('notAColumn');
        });

        it('refuses a sort other than asc or desc with 400', async () => {
          const reply = await t.post(page, { order: 'id', sort: 'sideways' }, admin, { language: 'en' });
          expect(reply.status).toBe(400);
          expect(reply.body.code).toBe(1002);
          expect(reply.body.message).toContain('sort');
        });

        it('orders by each orderable column both ways', async () => {
          const failures: string[] = [];
          for (const column of entity.orderable) {
            for (const sort of ['asc', 'desc'] as const) {
              const reply = await t.post<Page>(page, { page: 1, size: 50, order: column, sort }, admin);
              if (reply.status !== 200 || !reply.body.data) {
                failures.push(`${column} ${sort}: HTTP ${reply.status} ${reply.raw.slice(0, 200)}`);
                continue;
              }
              const values = comparable(entity, column, reply.body.data.list);
              if (values && !isSorted(values, sort)) failures.push(`${column} ${sort}: out of order ${values}`);
            }
          }
          expect(failures).toEqual([]);
        });
      });
    }

    if (entity.standard.includes('info')) {
      it('info answers a row of the declared shape, and 404 for a missing id', async () => {
        const missing = await t.get(urlOf(entity, 'info'), { id: MISSING_ID }, admin);
        expect(missing.status).toBe(404);
        expect(missing.body.code).toBe(1001);
        const any = await t.ctx.db.loose.selectFrom(entity.table).select('id').limit(1).executeTakeFirst();
        if (!any) return; // an empty table (the request log before its first flush) has nothing to show
        const row = dataOf(await t.get<Row>(urlOf(entity, 'info'), { id: Number(any.id) }, admin));
        expect(row.id).toBe(Number(any.id));
        expect(entity.schemas.row.safeParse(row).success, JSON.stringify(row)).toBe(true);
        for (const hidden of hiddenColumns(entity)) expect(row).not.toHaveProperty(hidden);
      });
    }

    if (entity.standard.includes('list')) {
      it('list answers an array of rows of the declared shape', async () => {
        const list = dataOf(await t.post<Row[]>(urlOf(entity, 'list'), {}, admin));
        expect(Array.isArray(list)).toBe(true);
        expect(list.length).toBe(await tableCount(entity));
        for (const row of list) {
          expect(entity.schemas.row.safeParse(row).success, JSON.stringify(row)).toBe(true);
          for (const hidden of hiddenColumns(entity)) expect(row).not.toHaveProperty(hidden);
        }
      });
    }
  });
});

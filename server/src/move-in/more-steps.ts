import fs from 'node:fs';
import path from 'node:path';
import { declarations, label } from '@backroom/contract';
import { insertReturningId, toDbBool } from '../core/db/index.js';
import { type IdBook, moveRows, type Run, sameColumns, sourceKey } from './engine.js';
import { skip, tableReport } from './report.js';
import type { SourceRow } from './source.js';
import { copyVetted, openUploadFolder, printable, type VettedFile } from './upload-files.js';

/** The region that stores missing here are created under (named in the report). */
export const MOVED_IN_REGION = label('迁入门店', '遷入門市', 'Moved-in stores');

export async function moveDicts(run: Run, book: IdBook): Promise<void> {
  await moveRows(run, book, {
    name: 'dict_type',
    target: 'dict_type',
    rows: await run.source.rows('dict_type'),
    prepare: (row) => {
      const values = sameColumns(run, 'dict_type', row);
      if (!values.key || !values.name) return { skip: { key: 'moveIn.skip.incomplete' } };
      return {
        values,
        match: async () =>
          (await run.trx.selectFrom('dict_type').select('id').where('key', '=', String(values.key)).executeTakeFirst())
            ?.id,
      };
    },
  });
  await moveRows(run, book, {
    name: 'dict_info',
    target: 'dict_info',
    rows: await run.source.rows('dict_info'),
    prepare: (row) => {
      const values = sameColumns(run, 'dict_info', row, ['typeId', 'parentId']);
      const typeId = run.idOf('dict_type', row.typeId);
      if (typeId === undefined) return { skip: { key: 'moveIn.skip.missingRef', params: { column: 'typeId' } } };
      if (!values.name) return { skip: { key: 'moveIn.skip.incomplete' } };
      values.typeId = typeId;
      return {
        values,
        match: async () =>
          (
            await run.trx
              .selectFrom('dict_info')
              .select('id')
              .where('typeId', '=', typeId)
              .where('name', '=', String(values.name))
              .executeTakeFirst()
          )?.id,
      };
    },
    parent: { column: 'parentId', of: (row) => row.parentId },
  });
}

/**
 * Stores by name: a department of that name here (marked a store), else one created under the
 * moved-in region, which is created under the top department when missing.
 */
function storeFinder(run: Run) {
  const departments = new Map<string, { id: number; isStore: boolean }>();
  let loaded = false;
  let regionId: number | undefined;
  const created: string[] = [];
  const entry = tableReport(run.report, 'base_sys_department (stores)');
  const regionName = MOVED_IN_REGION[run.ctx.config.seedLocale];
  async function load() {
    if (loaded) return;
    loaded = true;
    const rows = await run.db.selectFrom('base_sys_department').select(['id', 'name', 'parentId', 'isStore']).execute();
    for (const row of rows as Array<{ id: number; name: string; isStore: unknown }>) {
      if (!departments.has(row.name))
        departments.set(row.name, { id: row.id, isStore: Boolean(Number(row.isStore)) || row.isStore === true });
    }
  }
  async function markStore(name: string, found: { id: number; isStore: boolean }) {
    if (found.isStore) return;
    await run.db
      .updateTable('base_sys_department')
      .set({ isStore: toDbBool(run.kind, true), updateTime: run.now })
      .where('id', '=', found.id)
      .execute();
    found.isStore = true;
    entry.updated += 1;
    departments.set(name, found);
  }
  async function region(): Promise<number> {
    if (regionId !== undefined) return regionId;
    const found = departments.get(regionName);
    if (found) {
      regionId = found.id;
      return regionId;
    }
    const top = (await run.db
      .selectFrom('base_sys_department')
      .select('id')
      .where('parentId', 'is', null)
      .orderBy('id')
      .executeTakeFirst()) as { id: number } | undefined;
    regionId = await insertReturningId(run.db, run.kind, 'base_sys_department', {
      name: regionName,
      parentId: top?.id ?? null,
      orderNum: 99,
      isStore: toDbBool(run.kind, false),
      createTime: run.now,
      updateTime: run.now,
    });
    departments.set(regionName, { id: regionId, isStore: false });
    entry.created += 1;
    return regionId;
  }
  return {
    async of(row: SourceRow): Promise<{ storeId: number | null; storeName: string | null }> {
      await load();
      const name = typeof row.storeName === 'string' ? row.storeName.trim() : '';
      if (!name) {
        const id = run.idOf('base_sys_department', row.storeId);
        return { storeId: id ?? null, storeName: null };
      }
      const found = departments.get(name);
      if (found) {
        await markStore(name, found);
        return { storeId: found.id, storeName: name };
      }
      const parentId = await region();
      const id = await insertReturningId(run.db, run.kind, 'base_sys_department', {
        name,
        parentId,
        orderNum: 0,
        isStore: toDbBool(run.kind, true),
        createTime: run.now,
        updateTime: run.now,
      });
      departments.set(name, { id, isStore: true });
      entry.created += 1;
      created.push(name);
      return { storeId: id, storeName: name };
    },
    /** The report's note of the stores created, under which region. */
    note() {
      if (created.length > 0)
        run.report.notes.push({
          key: 'moveIn.note.storesCreated',
          params: { region: regionName, count: created.length, names: created.slice(0, 20).join(', ') },
        });
    },
  };
}

/** Customers, their invitation records and activities: owners by the users brought in, stores by name. */
export async function moveCustomers(run: Run, book: IdBook): Promise<void> {
  if (!run.source.has('customer_info')) return;
  const stores = storeFinder(run);
  const owners = new Map<string, { employeeId: number | null; storeId: number | null }>();
  await moveRows(run, book, {
    name: 'customer_info',
    target: 'customer_info',
    rows: await run.source.rows('customer_info'),
    prepare: async (row) => {
      const values = sameColumns(run, 'customer_info', row, ['employeeId', 'storeId', 'storeName', 'creatorId']);
      if (!values.customerName || !values.customerPhone) return { skip: { key: 'moveIn.skip.incomplete' } };
      const store = await stores.of(row);
      values.storeId = store.storeId;
      values.storeName = store.storeName;
      values.employeeId = run.idOf('base_sys_user', row.employeeId) ?? null;
      values.creatorId = recorderOf(row, values.employeeId);
      const key = sourceKey(row.id);
      if (key !== null) owners.set(key, { employeeId: values.employeeId as number | null, storeId: store.storeId });
      const code = typeof values.customerCode === 'string' ? values.customerCode : null;
      return {
        values,
        keep: keepRecorder,
        // The customer code is unique here: a customer of the same code is the same customer.
        match: async () =>
          code === null
            ? undefined
            : (
                await run.trx
                  .selectFrom('customer_info')
                  .select('id')
                  .where('customerCode', '=', code)
                  .executeTakeFirst()
              )?.id,
      };
    },
  });
  // Records follow their customer's owner and store (docs/architecture.md, "Retail organisation");
  // their recorder is the source's own: its creatorId, else the employee the source row names.
  const follow = async (row: SourceRow, customerColumn: string, values: Record<string, unknown>) => {
    values.creatorId = recorderOf(row, run.idOf('base_sys_user', row.employeeId) ?? null);
    const owner = owners.get(sourceKey(row[customerColumn]) ?? '');
    if (owner) {
      values.employeeId = owner.employeeId;
      values.storeId = owner.storeId;
      return;
    }
    values.employeeId = run.idOf('base_sys_user', row.employeeId) ?? null;
    values.storeId = (await stores.of(row)).storeId;
  };
  if (run.source.has('customer_invitation_record')) {
    await moveRows(run, book, {
      name: 'customer_invitation_record',
      target: 'customer_invitation_record',
      rows: await run.source.rows('customer_invitation_record'),
      prepare: async (row) => {
        const values = sameColumns(run, 'customer_invitation_record', row, [
          'customerID',
          'employeeId',
          'storeId',
          'creatorId',
        ]);
        const customer = run.idOf('customer_info', row.customerID);
        if (customer === undefined)
          return { skip: { key: 'moveIn.skip.missingRef', params: { column: 'customerID' } } };
        values.customerID = customer;
        values.inviteTime ??= values.createTime;
        await follow(row, 'customerID', values);
        return { values, keep: keepRecorder };
      },
    });
  }
  if (run.source.has('customer_activity')) {
    await moveRows(run, book, {
      name: 'customer_activity',
      target: 'customer_activity',
      rows: await run.source.rows('customer_activity'),
      prepare: async (row) => {
        const values = sameColumns(run, 'customer_activity', row, [
          'customerId',
          'employeeId',
          'storeId',
          'storeName',
          'creatorId',
        ]);
        if (!values.customerName || !values.customerPhone) return { skip: { key: 'moveIn.skip.incomplete' } };
        values.customerId = run.idOf('customer_info', row.customerId) ?? null;
        values.customerAddress ??= '';
        await follow(row, 'customerId', values);
        if (typeof row.storeName === 'string') values.storeName = row.storeName.trim() || null;
        return { values, keep: keepRecorder };
      },
    });
  }
  stores.note();

  /** The recorder of a source row: its own creatorId brought in, else the employee it names. */
  function recorderOf(row: SourceRow, employeeId: unknown): number | null {
    const own =
      row.creatorId === undefined || row.creatorId === null ? undefined : run.idOf('base_sys_user', row.creatorId);
    return own ?? (typeof employeeId === 'number' ? employeeId : null);
  }
}

/** A row brought in before keeps the recorder it has: a move-in run again never moves the credit. */
const keepRecorder = (here: Record<string, unknown>): string[] =>
  here.creatorId === undefined || here.creatorId === null ? [] : ['creatorId'];

/** App users and their addresses. Their passwords do not come over (they sign in by SMS code or WeChat). */
export async function moveAppUsers(run: Run, book: IdBook): Promise<void> {
  if (!run.source.has('user_info')) return;
  await moveRows(run, book, {
    name: 'user_info',
    target: 'user_info',
    rows: await run.source.rows('user_info'),
    prepare: (row) => {
      const values = sameColumns(run, 'user_info', row, ['password', 'passwordV']);
      // unionid and phone are unique here: an app user with either is the same person.
      return {
        values,
        match: async () => {
          for (const column of ['unionid', 'phone'] as const) {
            const value = values[column];
            if (typeof value !== 'string' || value === '') continue;
            const found = await run.trx
              .selectFrom('user_info')
              .select('id')
              .where(column, '=', value)
              .executeTakeFirst();
            if (found) return found.id;
          }
          return undefined;
        },
      };
    },
  });
  if (!run.source.has('user_address')) return;
  await moveRows(run, book, {
    name: 'user_address',
    target: 'user_address',
    rows: await run.source.rows('user_address'),
    prepare: (row) => {
      const values = sameColumns(run, 'user_address', row, ['userId']);
      const userId = run.idOf('user_info', row.userId);
      if (userId === undefined) return { skip: { key: 'moveIn.skip.missingRef', params: { column: 'userId' } } };
      if (!values.contact || !values.phone || !values.address) return { skip: { key: 'moveIn.skip.incomplete' } };
      values.userId = userId;
      return { values };
    },
  });
}

/** The part of a file address after `/upload/`: the file's place in an upload folder. */
function uploadKey(url: string): string | null {
  const at = url.indexOf('/upload/');
  if (at < 0) return null;
  const key = decodeURIComponent(url.slice(at + '/upload/'.length).split(/[?#]/)[0] ?? '');
  const parts = key.split('/');
  if (!key || parts.some((p) => p === '' || p === '.' || p === '..')) return null;
  return key;
}

/** File records, and with --uploads the files themselves into this install's local upload folder. */
export async function moveFiles(run: Run, book: IdBook): Promise<void> {
  if (!run.source.has('space_info')) return;
  await moveRows(run, book, {
    name: 'space_type',
    target: 'space_type',
    rows: await run.source.rows('space_type'),
    prepare: (row) => {
      const values = sameColumns(run, 'space_type', row, ['parentId']);
      return values.name ? { values } : { skip: { key: 'moveIn.skip.incomplete' } };
    },
    parent: { column: 'parentId', of: (row) => row.parentId },
  });
  const folder = run.options.uploads === undefined ? undefined : openUploadFolder(run.options.uploads);
  const files = tableReport(run.report, 'space_info (files)');
  const local = run.ctx.config.storage.kind === 'local';
  const dir = path.join(run.ctx.config.dataDir, 'uploads');
  const baseUrl = run.ctx.config.upload.baseUrl ?? '';
  const copies: Array<{ from: VettedFile; to: string; key: string }> = [];
  await moveRows(run, book, {
    name: 'space_info',
    target: 'space_info',
    rows: await run.source.rows('space_info'),
    prepare: (row) => {
      const values = sameColumns(run, 'space_info', row, ['classifyId', 'userId']);
      if (!values.url || !values.name) return { skip: { key: 'moveIn.skip.incomplete' } };
      values.classifyId = run.idOf('space_type', row.classifyId) ?? null;
      values.userId = run.idOf('base_sys_user', row.userId) ?? null;
      if (folder) {
        files.read += 1;
        const key = uploadKey(String(values.url));
        const vetted = key === null ? { skip: { key: 'moveIn.skip.fileMissing' } as const } : folder.vet(key);
        if (!local) skip(files, { key: 'moveIn.skip.notLocalStorage' });
        else if ('skip' in vetted) skip(files, vetted.skip);
        else if (key !== null) {
          const to = path.join(dir, key);
          if (fs.existsSync(to)) files.unchanged += 1;
          else {
            copies.push({ from: vetted.file, to, key });
            files.created += 1;
          }
          values.url = `${baseUrl}/upload/${key}`;
          values.key = key;
        }
      }
      return { values };
    },
  });
  // Copied only when the rows are kept: a dry run copies nothing.
  if (!run.options.dryRun) {
    for (const copy of copies) {
      if (copyVetted(copy.from, copy.to)) continue;
      // Changed since it was looked at (a link or another file in its place): not copied after all.
      files.created -= 1;
      skip(files, { key: 'moveIn.skip.fileChanged', params: { file: printable(copy.key) } });
    }
  }
}

/** The request log (with --with-log). */
export async function moveLog(run: Run, book: IdBook): Promise<void> {
  if (!run.options.withLog || !run.source.has('base_sys_log')) return;
  await moveRows(run, book, {
    name: 'base_sys_log',
    target: 'base_sys_log',
    rows: await run.source.rows('base_sys_log'),
    insertOnly: true,
    prepare: (row) => {
      const values = sameColumns(run, 'base_sys_log', row, ['userId']);
      if (!values.action) return { skip: { key: 'moveIn.skip.incomplete' } };
      values.userId = run.idOf('base_sys_user', row.userId) ?? null;
      return { values };
    },
  });
}

function parseObject(value: unknown): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  if (typeof value !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The recycle bin: records whose entity has a counterpart here, in this install's record form. */
export async function moveRecycle(run: Run, book: IdBook): Promise<void> {
  if (!run.source.has('recycle_data')) return;
  await moveRows(run, book, {
    name: 'recycle_data',
    target: 'recycle_data',
    rows: await run.source.rows('recycle_data'),
    insertOnly: true,
    prepare: (row) => {
      const info = parseObject(row.entityInfo);
      const entity = declarations.find((d) => 'entityName' in d && d.entityName === info.entity);
      if (!entity || !('table' in entity))
        return { skip: { key: 'moveIn.skip.unknownEntity', params: { entity: String(info.entity ?? '') } } };
      const values = sameColumns(run, 'recycle_data', row, ['userId', 'entityInfo', 'related', 'restoreTime']);
      values.entityInfo = JSON.stringify({
        dataSourceName: 'default',
        entity: entity.entityName,
        module: entity.module,
        table: entity.table,
      });
      values.userId = run.idOf('base_sys_user', row.userId) ?? null;
      values.data ??= '[]';
      values.url ??= `/admin/${entity.module}/${entity.path}/delete`;
      return { values };
    },
  });
}

/** Tasks come in stopped; one whose service has no handler here is listed, and cannot be started. */
export async function moveTasks(run: Run, book: IdBook): Promise<void> {
  if (!run.source.has('task_info')) return;
  const rows = await run.source.rows('task_info');
  await moveRows(run, book, {
    name: 'task_info',
    target: 'task_info',
    rows,
    prepare: (row) => {
      const values = sameColumns(run, 'task_info', row, [
        'jobId',
        'status',
        'nextRunTime',
        'lastExecuteTime',
        'lockExpireTime',
      ]);
      if (!values.name) return { skip: { key: 'moveIn.skip.incomplete' } };
      values.service ??= '';
      values.status = 0;
      // An operator who started it since keeps it running.
      return { values, keep: () => ['status'] };
    },
  });
  for (const row of rows) {
    const service = String(row.service ?? '');
    if (run.idOf('task_info', row.id) !== undefined && !run.ctx.taskHandlers.get(service))
      run.report.notes.push({ key: 'moveIn.note.taskUnknown', params: { name: String(row.name ?? ''), service } });
  }
}

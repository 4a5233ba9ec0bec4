import type { PluginContent, PluginHook, PluginManifest, PluginStatus } from '@backroom/contract';
import { type Db, formatTime } from '../../core/db/index.js';

/** A plugin as the runtime needs it: its package and its config, read from the table. */
export type StoredPlugin = {
  id: number;
  keyName: string;
  name: string;
  hook: PluginHook;
  version: string;
  status: PluginStatus;
  content: PluginContent;
  manifest: PluginManifest;
  config: Record<string, unknown> | null;
};

export type PluginRowValues = {
  name: string;
  description: string;
  keyName: string;
  hook: PluginHook;
  readme: string;
  version: string;
  logo: string | null;
  author: string;
  content: PluginContent;
  pluginJson: PluginManifest;
  packageData: string;
};

const parse = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

function toStored(row: {
  id: number;
  keyName: string;
  name: string;
  hook: PluginHook;
  version: string;
  status: PluginStatus;
  content: string;
  pluginJson: string | null;
  config: string | null;
}): StoredPlugin {
  return {
    id: row.id,
    keyName: row.keyName,
    name: row.name,
    hook: row.hook,
    version: row.version,
    status: row.status,
    content: JSON.parse(row.content) as PluginContent,
    manifest: parse<PluginManifest>(row.pluginJson) as PluginManifest,
    config: parse<Record<string, unknown>>(row.config),
  };
}

const COLUMNS = ['id', 'keyName', 'name', 'hook', 'version', 'status', 'content', 'pluginJson', 'config'] as const;

export async function findPluginByKey(db: Db, keyName: string): Promise<StoredPlugin | undefined> {
  const row = await db.selectFrom('plugin_info').select(COLUMNS).where('keyName', '=', keyName).executeTakeFirst();
  return row ? toStored(row) : undefined;
}

export async function findPlugin(db: Db, id: number): Promise<StoredPlugin | undefined> {
  const row = await db.selectFrom('plugin_info').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toStored(row) : undefined;
}

export async function findPlugins(db: Db, ids: readonly number[]): Promise<StoredPlugin[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('plugin_info')
    .select(COLUMNS)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(toStored);
}

export async function enabledPlugins(db: Db): Promise<StoredPlugin[]> {
  return (await db.selectFrom('plugin_info').select(COLUMNS).where('status', '=', 1).execute()).map(toStored);
}

/** The enabled plugin of a hook other than `exceptId`, if any. */
/**
 * Holds every plugin row of the hook until the transaction ends (a write that changes nothing), so
 * two transactions enabling plugins of one hook take turns (SQLite runs them one at a time anyway).
 */
export async function holdHook(trx: Db, hook: PluginHook): Promise<void> {
  await trx
    .updateTable('plugin_info')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('hook', '=', hook)
    .execute();
}

export async function enabledOnHook(db: Db, hook: PluginHook, exceptId: number): Promise<{ name: string } | undefined> {
  return db
    .selectFrom('plugin_info')
    .select('name')
    .where('hook', '=', hook)
    .where('status', '=', 1)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
}

export async function packageDataOf(db: Db, keyName: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('plugin_info')
    .select('packageData')
    .where('keyName', '=', keyName)
    .executeTakeFirst();
  return row?.packageData;
}

export async function insertPlugin(db: Db, values: PluginRowValues): Promise<number> {
  const now = formatTime();
  const result = await db
    .insertInto('plugin_info')
    .values({
      ...values,
      content: JSON.stringify(values.content),
      pluginJson: JSON.stringify(values.pluginJson),
      status: 0,
      config: null,
      createTime: now,
      updateTime: now,
    })
    .executeTakeFirst();
  const id = Number(result.insertId ?? 0);
  if (id > 0) return id;
  // PostgreSQL answers no insert id without RETURNING; the key is unique.
  const row = await db
    .selectFrom('plugin_info')
    .select('id')
    .where('keyName', '=', values.keyName)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A newer package of an installed plugin: everything but its status and config. */
export async function replacePackage(db: Db, id: number, values: PluginRowValues): Promise<void> {
  await db
    .updateTable('plugin_info')
    .set({
      ...values,
      content: JSON.stringify(values.content),
      pluginJson: JSON.stringify(values.pluginJson),
      lastError: null,
      lastErrorTime: null,
      updateTime: formatTime(),
    })
    .where('id', '=', id)
    .execute();
}

export async function setPluginState(
  db: Db,
  id: number,
  change: { status?: PluginStatus; config?: Record<string, unknown> },
): Promise<void> {
  await db
    .updateTable('plugin_info')
    .set({
      ...(change.status !== undefined ? { status: change.status } : {}),
      ...(change.config !== undefined ? { config: JSON.stringify(change.config) } : {}),
      ...(change.status === 1 ? { lastError: null, lastErrorTime: null } : {}),
      updateTime: formatTime(),
    })
    .where('id', '=', id)
    .execute();
}

export async function recordPluginError(db: Db, keyName: string, message: string | null): Promise<void> {
  await db
    .updateTable('plugin_info')
    .set({ lastError: message?.slice(0, 1000) ?? null, lastErrorTime: message === null ? null : formatTime() })
    .where('keyName', '=', keyName)
    .execute();
}

/** A stored plugin as its history names it and compares it (the config only ever "changed"). */
export const auditRow = (plugin: StoredPlugin) => ({
  id: plugin.id,
  name: plugin.name,
  keyName: plugin.keyName,
  version: plugin.version,
  status: plugin.status,
  config: plugin.config,
});

export async function disablePluginByKey(db: Db, keyName: string): Promise<void> {
  await db
    .updateTable('plugin_info')
    .set({ status: 0, updateTime: formatTime() })
    .where('keyName', '=', keyName)
    .execute();
}

export async function deletePlugins(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0)
    await db
      .deleteFrom('plugin_info')
      .where('id', 'in', [...ids])
      .execute();
}

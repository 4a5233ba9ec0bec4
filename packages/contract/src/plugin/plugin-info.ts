import { z } from 'zod';
import { col } from '../core/columns.js';
import { defineEntity, idSchema, type RowOf, returns } from '../core/entity.js';
import { LOCALES, label } from '../core/i18n.js';

/**
 * The ways a plugin may touch Backroom (docs/plugins.md): a file storage provider, a receiver of
 * events, a sender of verification codes. At most one enabled plugin per hook.
 */
export const PLUGIN_HOOKS = ['upload', 'notify', 'sms'] as const;
export type PluginHook = (typeof PLUGIN_HOOKS)[number];

/** status: 0 disabled, 1 enabled. */
export const PLUGIN_STATUS = [0, 1] as const;
export type PluginStatus = (typeof PLUGIN_STATUS)[number];

/** The largest package accepted, zipped, and everything in it unzipped. */
export const PLUGIN_MAX_PACKAGE_BYTES = 5 * 1024 * 1024;
export const PLUGIN_MAX_UNPACKED_BYTES = 20 * 1024 * 1024;
/** The most files a package may hold. */
export const PLUGIN_MAX_FILES = 200;

/** A plugin's key: lower-case letters, digits and dashes (it names its folder). */
export const PLUGIN_KEY_PATTERN = /^[a-z][a-z0-9-]{1,49}$/;
const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/**
 * Orders two plugin versions by major, minor and patch (a pre-release part is not compared):
 * negative when `a` is older, 0 when the same, positive when newer.
 */
export function comparePluginVersions(a: string, b: string): number {
  const pa = a.split(/[.-]/, 3).map(Number);
  const pb = b.split(/[.-]/, 3).map(Number);
  for (let i = 0; i < 3; i += 1) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * A host a plugin may call: a name (`hooks.slack.com`), a wildcard for its subdomains
 * (`*.dingtalk.com`), or an address (`10.0.0.5`, `[fd00::5]`), each with an optional `:port`.
 */
export const PLUGIN_HOST_PATTERN =
  /^(?:(?:\*\.)?[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)*|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * Where a plugin may reach over the network (docs/plugins.md, "The sandbox"): the install dialog
 * shows it and the operator approves it; the server mediates every request within it.
 */
export const PluginNetworkSchema = z.strictObject({
  /** Hosts named in advance (a robot's API, a gateway). */
  hosts: z.array(z.string().max(260).regex(PLUGIN_HOST_PATTERN)).max(20).default([]),
  /** Config properties holding a URL whose host the operator types in (a webhook, a WebDAV folder). */
  configUrls: z
    .array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,49}$/))
    .max(5)
    .default([]),
  /** Whether those hosts may be loopback, private or link-local addresses (a NAS, a gateway on the LAN). */
  privateAddresses: z.boolean().default(false),
});
export type PluginNetwork = z.infer<typeof PluginNetworkSchema>;

/** A name and a description in one of the UI's languages. */
const PluginTextSchema = z.strictObject({
  name: z.string().min(1).max(100),
  description: z.string().max(500).optional(),
});

/** plugin.json, the package's manifest. */
export const PluginManifestSchema = z.strictObject({
  keyName: z.string().regex(PLUGIN_KEY_PATTERN),
  name: z.string().min(1).max(100),
  version: z.string().regex(VERSION_PATTERN).max(50),
  author: z.string().min(1).max(100),
  description: z.string().max(500).default(''),
  hook: z.enum(PLUGIN_HOOKS),
  /** The package's ES module, relative to its root. */
  entry: z
    .string()
    .regex(/^[A-Za-z0-9_-][A-Za-z0-9._/-]*\.(m?js)$/)
    .max(200),
  /** A JSON Schema (draft 2020-12 or 07) of the plugin's config object. */
  configSchema: z.record(z.string(), z.unknown()).default({ type: 'object', properties: {} }),
  /** A PNG or SVG in the package, shown on the plugin screen. */
  logo: z
    .string()
    .regex(/^[A-Za-z0-9_-][A-Za-z0-9._/-]*\.(png|svg)$/)
    .max(200)
    .optional(),
  readme: z
    .string()
    .regex(/^[A-Za-z0-9_-][A-Za-z0-9._/-]*\.md$/)
    .max(200)
    .default('README.md'),
  /** The oldest Backroom release the plugin runs on. */
  minBackroomVersion: z.string().regex(VERSION_PATTERN).default('0.1.0'),
  /** The network the plugin needs; without it, it has none. */
  network: PluginNetworkSchema.optional(),
  /** Its name and description per UI language (`zh-cn`, `zh-tw`, `en`); `name`/`description` otherwise. */
  i18n: z.partialRecord(z.enum(LOCALES), PluginTextSchema).optional(),
});
export type PluginManifest = z.infer<typeof PluginManifestSchema>;

/** Who signed a package: a key the operator trusts (`PLUGIN_TRUSTED_KEYS`), or nobody. */
export type PluginSignature = { status: 'trusted'; keyId: string } | { status: 'unsigned' };

/** What the server keeps of a package besides its columns (never the code itself on the wire). */
export type PluginContent = {
  sha256: string;
  size: number;
  files: string[];
  signer: string | null;
  /** The network an operator approved for this package (its manifest's), or null while nobody has. */
  approvedNetwork?: PluginNetwork | null;
};

/** A config value a plugin marked secret (`writeOnly` or `format: password`) is answered as this; sent back, it keeps the stored value. */
export const PLUGIN_SECRET_MASK = '********';

/** An event the notify hook receives. */
export type PluginEvent =
  | { type: 'task.failed'; at: string; taskId: number; taskName: string; error: string }
  | { type: 'account.locked'; at: string; username: string; ip: string | null; until: string | null }
  | { type: 'export.large'; at: string; entity: string; rows: number; username: string }
  | { type: 'plugin.installed'; at: string; keyName: string; name: string; version: string; signer: string | null }
  /** A message of the message center, for a recipient who asked for it through the robot too. */
  | { type: 'message'; at: string; username: string; kind: string; title: string; body: string; link: string | null };
export type PluginEventType = PluginEvent['type'];
/** Exports of at least this many rows are told to the notify hook. */
export const PLUGIN_LARGE_EXPORT_ROWS = 10_000;

const idBody = z.object({ id: idSchema });

/** What the install call answers: the stored plugin and who signed it. */
export type PluginInstallResult = {
  id: number;
  keyName: string;
  version: string;
  signature: PluginSignature;
  updated: boolean;
};

/**
 * Installed plugins (docs/spec.md §3 PluginInfo). Rows come only from `install` (a validated
 * package): there is no add. `update` changes status and config alone; the rest is the package's.
 */
export const pluginInfo = defineEntity({
  module: 'plugin',
  path: 'info',
  entityName: 'PluginInfoEntity',
  table: 'plugin_info',
  label: label('插件', '外掛', 'Plugin'),
  standard: ['delete', 'update', 'info', 'list', 'page'],
  columns: {
    name: col.string({ label: label('名称', '名稱', 'Name'), min: 1, max: 100 }),
    description: col.string({ label: label('简介', '簡介', 'Description'), max: 500, default: '' }),
    keyName: col.string({ label: label('Key名', 'Key名', 'Key'), min: 1, max: 50, unique: true }),
    hook: col.stringEnum(PLUGIN_HOOKS, {
      label: label('Hook', 'Hook', 'Hook'),
      index: true,
      valueLabels: {
        upload: label('文件存储', '檔案儲存', 'File storage'),
        notify: label('事件通知', '事件通知', 'Notifications'),
        sms: label('短信验证码', '簡訊驗證碼', 'SMS codes'),
      },
    }),
    readme: col.text({ label: label('描述', '描述', 'Readme'), default: '' }),
    version: col.string({ label: label('版本', '版本', 'Version'), min: 1, max: 50 }),
    logo: col.text({ label: label('Logo(base64)', 'Logo(base64)', 'Logo'), nullable: true }),
    author: col.string({ label: label('作者', '作者', 'Author'), min: 1, max: 100 }),
    status: col.intEnum(PLUGIN_STATUS, {
      label: label('状态', '狀態', 'Status'),
      default: 0,
      index: true,
      valueLabels: { 0: label('禁用', '停用', 'Disabled'), 1: label('启用', '啟用', 'Enabled') },
    }),
    /** The package: its hash, size, file list and signer; the zip itself is `packageData`. */
    content: col.json(z.custom<PluginContent>(), { label: label('内容', '內容', 'Content') }),
    tsContent: col.json(z.unknown(), { label: label('TS内容', 'TS內容', 'TS content'), nullable: true }),
    pluginJson: col.json(z.custom<PluginManifest>(), {
      label: label('插件的plugin.json', '外掛的plugin.json', 'plugin.json'),
      nullable: true,
    }),
    config: col.json(z.record(z.string(), z.unknown()), { label: label('配置', '配置', 'Config'), nullable: true }),
    /** The zip, base64, so every instance can unpack the same code. Never answered. */
    packageData: col.text({ label: label('安装包', '安裝包', 'Package'), hidden: true }),
    /** The last failure of the plugin's process or of a call to it (shown on the screen). */
    lastError: col.string({ label: label('最近错误', '最近錯誤', 'Last error'), nullable: true, max: 1000 }),
    lastErrorTime: col.datetime({ label: label('错误时间', '錯誤時間', 'Error time'), nullable: true }),
  },
  query: { keyWordLikeFields: ['name', 'keyName', 'author'], fieldEq: ['hook', 'status'] },
  inputs: {
    update: z.object({
      id: idSchema,
      status: z.union([z.literal(0), z.literal(1)]).optional(),
      config: z.record(z.string(), z.unknown()).optional(),
    }),
  },
  extra: {
    /**
     * A multipart upload of the package (field `file`) and `confirmUnsigned=true` when an operator
     * accepts a package no trusted key signed. Open (the spec's ignoreToken): without a session
     * only a trusted signer's package is taken; with one, the session needs this call's permission.
     */
    install: {
      method: 'post',
      auth: 'open',
      sessionPerm: true,
      summary: label('安装插件', '安裝外掛', 'Install plugin'),
      output: returns<PluginInstallResult>(),
    },
    /** Checks a package without storing it: its manifest and signature, for the screen's confirmation. */
    inspect: {
      method: 'post',
      summary: label('检查插件包', '檢查外掛包', 'Inspect package'),
      output: returns<{ manifest: PluginManifest; signature: PluginSignature; installed: string | null }>(),
    },
    /** Clears the shown last error. */
    clearError: {
      method: 'post',
      summary: label('清除错误', '清除錯誤', 'Clear error'),
      input: idBody,
      output: returns<undefined>(),
    },
  },
  defaultOrder: { column: 'id', sort: 'asc' },
});

export type PluginInfo = RowOf<typeof pluginInfo.columns>;

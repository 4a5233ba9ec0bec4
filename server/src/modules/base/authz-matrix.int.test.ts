import { createHmac } from 'node:crypto';
import {
  appBaseComm,
  appUserAddress,
  appUserInfo,
  baseCoding,
  baseComm,
  baseNotice,
  baseOpen,
  customerActivity,
  customerInfo,
  customerInvitationRecord,
  customerReport,
  type Declaration,
  declarations,
  demoGoods,
  demoHome,
  demoTenant,
  dictInfo,
  dictType,
  type Endpoint,
  type Entity,
  pluginInfo,
  recycleData,
  STANDARD_ACTIONS,
  type StandardAction,
  spaceInfo,
  spaceType,
  sysAudit,
  sysDepartment,
  sysLog,
  sysMenu,
  sysParam,
  sysRole,
  sysSession,
  sysUser,
  taskInfo,
  userAddress,
  userInfo,
} from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeAt, stepAt } from '../../core/auth/totp.js';
import { bookOf, multipartOf } from '../../core/crud/excel.fixtures.js';
import { type FakeWecom, startFakeWecom } from '../../testing/fake-wecom.js';
import { installPlugin, notifyPlugin, pluginSigningKey, signedPlugin, smsPlugin } from '../../testing/fixtures.js';
import { dataOf, expectRuleRefusal, type Reply, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import { messageCases, noticeInputs } from './message.fixtures.js';

/**
 * The authorization matrix: every declared endpoint, with the cases its declaration implies.
 * Permissions are granted through the product itself (menus → role → user), one type-2 menu per
 * declared permission, so "every permission but one" and "exactly one" are just menu lists.
 */

type Input = Record<string, unknown> | readonly unknown[];

type Account = { userId: number; roleId: number; username: string; password: string; token: string };

type Ctx = {
  t: TestApp;
  admin: string;
  topDepartmentId: number;
  /** A seeded department below the top one. */
  departmentId: number;
  /** A seeded menu of type 1, the parent of the permission menus. */
  pageMenuId: number;
  /** The user who holds every permission but the one under test. */
  allBut: Account;
  /** The user who holds exactly the permission under test (or none, for login-only endpoints). */
  one: Account;
  /** A rich-text parameter, for both html endpoints. */
  htmlKey: string;
  /** The enterprise WeChat the app signs staff in through. */
  wecom: FakeWecom;
  unique(prefix: string): string;
  cache: Map<string, number>;
  /** Gives the account exactly these permissions (one menu each). */
  grantPerms(account: Account, perms: readonly string[]): Promise<void>;
  /** An app user's session (H5, registered by the matrix). */
  appUser: AppAccount;
  /** Registers an app user of its own (for calls that end their session). */
  newAppUser(): Promise<AppAccount>;
};

type AppAccount = { token: string; refreshToken: string };

type Case = {
  input(c: Ctx): Promise<Input> | Input;
  /** The call ends its session (logout): make it with a session of its own. */
  ownSession?: boolean;
  /**
   * Answers a page or a file (an .xlsx) rather than the JSON envelope; or, with `refused`, a rule's
   * 400 past the permission check (a production server refuses to write code).
   */
  answers?: 'html' | 'xlsx' | 'refused';
  /**
   * A superuser's only (the tenant demo's noUse): the holder of the permission alone gets the
   * rule's refusal (400, 1001), the superuser succeeds.
   */
  superuserOnly?: true;
  /** Sends the valid call itself (a multipart upload) instead of the JSON or query input. */
  send?(c: Ctx, token: string): Promise<Reply>;
};

type EntityInputs = {
  /** A valid new row. */
  row(c: Ctx): Record<string, unknown>;
  /** Changes a valid update applies. */
  patch: Record<string, unknown>;
  /** A row the limited user may read. */
  existing(c: Ctx): Promise<number>;
  /** A new row the limited user may change and delete; an admin add of row() when absent. */
  fresh?(c: Ctx): Promise<number>;
};

const PASSWORD = 'matrix-pass1';

/**
 * The two-factor calls, each as a user of its own without permissions, taken as far as the call:
 * a setup, an enable with a code of the new secret, a disable with a later code.
 */
async function twoFactorStep(c: Ctx, until: 'setup' | 'enable' | 'disable'): Promise<Reply> {
  const username = c.unique('mx-2fa');
  await addAsAdmin(c, sysUser, { ...userRow(c), username });
  const { token } = await c.t.login(username, PASSWORD);
  const setup = await c.t.post<{ secret: string }>(urlOf(baseComm, 'twoFactorSetup'), {}, token);
  if (until === 'setup') return setup;
  const secret = dataOf(setup).secret;
  const step = stepAt(Date.now());
  const enable = await c.t.post(urlOf(baseComm, 'twoFactorEnable'), { code: codeAt(secret, step) }, token);
  if (until === 'enable') return enable;
  return c.t.post(urlOf(baseComm, 'twoFactorDisable'), { code: codeAt(secret, step + 1), password: PASSWORD }, token);
}

function urlOf(d: Declaration, action: string): string {
  const endpoint = d.endpoints.find((e) => e.action === action);
  if (!endpoint) throw new Error(`${d.prefix} declares no ${action}`);
  return endpoint.url;
}

async function addAsAdmin(c: Ctx, d: Declaration, row: Record<string, unknown>): Promise<number> {
  return dataOf(await c.t.post<{ id: number }>(urlOf(d, 'add'), row, c.admin)).id;
}

async function once(c: Ctx, key: string, make: () => Promise<number>): Promise<number> {
  const hit = c.cache.get(key);
  if (hit !== undefined) return hit;
  const id = await make();
  c.cache.set(key, id);
  return id;
}

const userRow = (c: Ctx) => ({
  username: c.unique('mx-user'),
  password: PASSWORD,
  name: 'Matrix',
  departmentId: c.topDepartmentId,
});
const paramRow = (c: Ctx) => ({ keyName: c.unique('mxParam'), name: 'Matrix', data: 'plain', dataType: 0 });

/** Valid rows per entity, for the generic standard actions. */
const ENTITY_INPUTS: Readonly<Record<string, EntityInputs>> = {
  [sysUser.prefix]: {
    row: userRow,
    patch: { nickName: 'patched' },
    existing: (c) => once(c, 'user', () => addAsAdmin(c, sysUser, userRow(c))),
  },
  [sysRole.prefix]: {
    row: (c) => ({ name: 'Matrix role', label: c.unique('mx-role') }),
    patch: { remark: 'patched' },
    // A non-superuser sees the roles they created or hold: the role that grants their permission.
    existing: async (c) => c.one.roleId,
    // An admin's role is hidden from the limited user until the user holds it.
    async fresh(c) {
      const id = await addAsAdmin(c, sysRole, { name: 'Matrix role', label: c.unique('mx-role') });
      dataOf(await c.t.post(urlOf(sysUser, 'update'), { id: c.one.userId, roleIdList: [c.one.roleId, id] }, c.admin));
      return id;
    },
  },
  [sysDepartment.prefix]: {
    row: (c) => ({ name: c.unique('mx-dept'), parentId: c.topDepartmentId }),
    patch: { name: 'patched' },
    existing: async (c) => c.departmentId,
  },
  [sysMenu.prefix]: {
    row: (c) => ({ name: c.unique('mx-menu'), type: 0 }),
    patch: { name: 'patched' },
    existing: async (c) => c.pageMenuId,
  },
  [baseNotice.prefix]: noticeInputs,
  [sysParam.prefix]: {
    row: paramRow,
    patch: { remark: 'patched' },
    existing: (c) => once(c, 'param', () => addAsAdmin(c, sysParam, paramRow(c))),
  },
  [spaceType.prefix]: {
    row: (c) => ({ name: c.unique('mx-space') }),
    patch: { name: 'patched' },
    existing: (c) => once(c, 'spaceType', () => addAsAdmin(c, spaceType, { name: c.unique('mx-space') })),
  },
  [spaceInfo.prefix]: {
    row: (c) => spaceFileRow(c),
    patch: { name: 'patched.png' },
    existing: (c) => once(c, 'spaceInfo', () => addAsAdmin(c, spaceInfo, spaceFileRow(c))),
  },
  [taskInfo.prefix]: {
    row: (c) => taskRow(c),
    patch: { remark: 'patched' },
    existing: (c) => once(c, 'task', () => addAsAdmin(c, taskInfo, taskRow(c))),
  },
  [dictType.prefix]: {
    row: (c) => dictTypeRow(c),
    patch: { name: 'patched' },
    existing: (c) => matrixDictType(c),
  },
  [customerInfo.prefix]: {
    row: (c) => customerRow(c),
    patch: { remark: 'patched' },
    existing: (c) => matrixCustomer(c),
  },
  [userInfo.prefix]: {
    row: (c) => appUserRow(c),
    patch: { description: 'patched' },
    existing: (c) => once(c, 'appUser', () => addAsAdmin(c, userInfo, appUserRow(c))),
  },
  [userAddress.prefix]: {
    row: (c) => addressRow(c),
    patch: { contact: 'patched' },
    existing: (c) => once(c, 'address', () => addAsAdmin(c, userAddress, addressRow(c))),
  },
  [demoGoods.prefix]: {
    row: (c) => ({ title: c.unique('mx-goods'), price: 9.99 }),
    patch: { price: 10.01 },
    existing: (c) => once(c, 'goods', () => addAsAdmin(c, demoGoods, { title: c.unique('mx-goods'), price: 1 })),
  },
  // The admin and the matrix's users have no tenant: the rows of none are theirs alike.
  [demoTenant.prefix]: {
    row: (c) => ({ title: c.unique('mx-tenant') }),
    patch: { remark: 'patched' },
    existing: (c) => once(c, 'tenant', () => addAsAdmin(c, demoTenant, { title: c.unique('mx-tenant') })),
  },
  [customerActivity.prefix]: {
    row: (c) => activityRow(c),
    patch: { remark: 'patched' },
    existing: (c) => once(c, 'activity', () => freshActivity(c)),
    // Activities have create, not add.
    fresh: (c) => freshActivity(c),
  },
};

/**
 * Customer rows belong to the limited user, so whatever the retail data scope lets a user see of
 * their own rows, these are theirs (the scope itself is the scope matrix's business).
 */
const customerRow = (c: Ctx) => ({
  customerName: 'Matrix',
  customerPhone: freshPhone('138'),
  employeeId: c.one.userId,
});
const matrixCustomer = (c: Ctx) => once(c, 'customer', () => addAsAdmin(c, customerInfo, customerRow(c)));
const freshCustomer = (c: Ctx) => addAsAdmin(c, customerInfo, customerRow(c));
const invitationRow = async (c: Ctx) => ({
  customerID: await matrixCustomer(c),
  inviteTime: '2026-01-01 10:00:00',
  employeeId: c.one.userId,
});
const freshInvitation = async (c: Ctx) => addAsAdmin(c, customerInvitationRecord, await invitationRow(c));
const activityRow = (c: Ctx) => ({
  customerName: 'Matrix',
  customerPhone: '13800000000',
  customerAddress: 'Matrix road 1',
  employeeId: c.one.userId,
});
const freshActivity = async (c: Ctx) =>
  dataOf(await c.t.post<{ id: number }>(urlOf(customerActivity, 'create'), activityRow(c), c.admin)).id;

const appUserRow = (_c: Ctx) => ({ nickName: 'Matrix', phone: freshPhone('135') });
const addressRow = (c: Ctx) => ({
  userId: c.cache.get('appUser') ?? 0,
  contact: 'Matrix',
  phone: '13700000000',
  address: 'Matrix road 3',
});
/** An address of the matrix's own app user (registered through appLogin). */
const ownAddress = async (c: Ctx, app: AppAccount = c.appUser) =>
  dataOf(
    await c.t.post<{ id: number }>(
      urlOf(appUserAddress, 'add'),
      { contact: 'Matrix', phone: '13700000000', address: 'Matrix road 4' },
      app.token,
    ),
  ).id;
let phoneSerial = 0;
/** A phone number nobody has registered yet. */
const freshPhone = (prefix = '136') => {
  phoneSerial += 1;
  return `${prefix}${String(process.pid % 1000).padStart(3, '0')}${String(phoneSerial).padStart(5, '0')}`;
};
/**
 * An H5 app user signed in. Registration takes an SMS code sent to the phone; the matrix's sms
 * plugin delivers nowhere, so an operator adds the user and the user signs in with the password.
 */
async function registerAppUser(t: TestApp, admin: string): Promise<AppAccount> {
  const phone = freshPhone();
  dataOf(
    await t.post(urlOf(userInfo, 'add'), { nickName: 'Matrix H5', phone, password: PASSWORD, loginType: 2 }, admin),
  );
  return dataOf(await t.post<AppAccount>(urlOf(baseOpen, 'appLogin'), { loginType: 2, phone, password: PASSWORD }));
}

/** A filled import template of one valid row, as the operator uploads it (English headers). */
const IMPORT_ROWS: Readonly<Record<string, unknown[][]>> = {
  [customerInfo.prefix]: [
    ['Customer name', 'Phone'],
    ['Matrix import', '13800000077'],
  ],
  [customerActivity.prefix]: [
    ['Customer name', 'Phone', 'Address'],
    ['Matrix import', '13800000077', 'Matrix road 2'],
  ],
  [demoGoods.prefix]: [
    ['Title', 'Price'],
    ['Matrix import', 3.5],
  ],
};

/** importCheck: a multipart upload of the filled template. */
async function uploadImport(c: Ctx, entity: Entity, token: string): Promise<Reply> {
  const rows = IMPORT_ROWS[entity.prefix];
  if (!rows) throw new Error(`no import rows for ${entity.prefix}`);
  const { body, contentType } = multipartOf('matrix.xlsx', await bookOf(rows));
  const response = await c.t.app.inject({
    method: 'POST',
    url: `/api${urlOf(entity, 'importCheck')}`,
    payload: body,
    headers: { authorization: token, language: 'en', 'content-type': contentType },
  });
  return {
    status: response.statusCode,
    body: JSON.parse(response.body),
    raw: response.body,
    headers: response.headers,
  };
}

/**
 * importCommit takes the token of the holder's own check: the holder checks with the check
 * permission lent for a moment, then commits holding the commit permission alone.
 */
function commitImport(entity: Entity): Case {
  return {
    input: () => ({ token: 'not-checked' }),
    async send(c, token) {
      const commit = entity.perms.importCommit as string;
      await c.grantPerms(c.one, [entity.perms.importCheck as string, commit]);
      const report = dataOf(await uploadImport(c, entity, token)) as { token: string | null };
      await c.grantPerms(c.one, [commit]);
      return c.t.post(urlOf(entity, 'importCommit'), { token: report.token }, token);
    },
  };
}

/** The Excel calls of an entity that declares them. */
function excelCases(entity: Entity, column: string): Record<string, Case> {
  return {
    [urlOf(entity, 'export')]: { input: () => ({ columns: [column] }), answers: 'xlsx' },
    [urlOf(entity, 'import')]: { input: () => ({}), answers: 'xlsx' },
    [urlOf(entity, 'importCheck')]: { input: () => ({}), send: (c, token) => uploadImport(c, entity, token) },
    [urlOf(entity, 'importCommit')]: commitImport(entity),
  };
}

/** Two clerks of a store of their own, for a hand-over between them. */
async function clerksOfAStore(c: Ctx): Promise<{ fromEmployeeId: number; toEmployeeId: number }> {
  const storeId = await once(c, 'store', () =>
    addAsAdmin(c, sysDepartment, { name: c.unique('mx-store'), parentId: c.topDepartmentId, isStore: true }),
  );
  const clerk = () => addAsAdmin(c, sysUser, { ...userRow(c), departmentId: storeId });
  const fromEmployeeId = await clerk();
  dataOf(await c.t.post(urlOf(customerInfo, 'add'), { ...customerRow(c), employeeId: fromEmployeeId }, c.admin));
  return { fromEmployeeId, toEmployeeId: await clerk() };
}

/** A stopped hourly task of the demo handler: nothing runs unless a case asks. */
const taskRow = (c: Ctx) => ({
  name: c.unique('mx-task'),
  service: 'task:demo',
  taskType: 1,
  every: 3_600_000,
  status: 0,
});
const freshTask = (c: Ctx) => addAsAdmin(c, taskInfo, taskRow(c));
const dictTypeRow = (c: Ctx) => ({ name: 'Matrix', key: c.unique('mxDict') });
const spaceFileRow = (c: Ctx) => ({ url: `/upload/20261122/${c.unique('mx')}.png`, name: 'matrix.png', type: 'image' });

/** base/comm/upload takes a multipart form: one real 1×1 PNG. */
async function uploadPng(c: Ctx, token: string): Promise<Reply> {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNwTL0OAAJoAX42danrAAAAAElFTkSuQmCC',
    'base64',
  );
  const boundary = 'matrixboundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="m.png"\r\n`),
    Buffer.from('Content-Type: image/png\r\n\r\n'),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await c.t.app.inject({
    method: 'POST',
    url: `/api${urlOf(baseComm, 'upload')}`,
    payload,
    headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return {
    status: response.statusCode,
    body: JSON.parse(response.body),
    raw: response.body,
    headers: response.headers,
  };
}
/** A plugin installed by a trusted signer's package, without a session. */
async function freshPlugin(c: Ctx): Promise<number> {
  const zip = await signedPlugin(await notifyPlugin(c.unique('mx-plugin'), 'return null;'));
  return dataOf(await installPlugin(c.t, undefined, zip)).id;
}

/** plugin/info/inspect takes the package as a multipart upload. */
async function inspectPlugin(c: Ctx, token: string): Promise<Reply> {
  const zip = await notifyPlugin(c.unique('mx-plugin'), 'return null;');
  const { body, contentType } = multipartOf('plugin.zip', zip);
  const response = await c.t.app.inject({
    method: 'POST',
    url: `/api${urlOf(pluginInfo, 'inspect')}`,
    payload: body,
    headers: { authorization: token, 'content-type': contentType },
  });
  return {
    status: response.statusCode,
    body: JSON.parse(response.body),
    raw: response.body,
    headers: response.headers,
  };
}

/** The dictionary type the matrix's items belong to. */
const matrixDictType = (c: Ctx) => once(c, 'dictType', () => addAsAdmin(c, dictType, dictTypeRow(c)));
const freshDictItem = async (c: Ctx) => addAsAdmin(c, dictInfo, { typeId: await matrixDictType(c), name: 'Matrix' });

async function freshRow(c: Ctx, entity: Entity, inputs: EntityInputs): Promise<number> {
  return inputs.fresh ? inputs.fresh(c) : addAsAdmin(c, entity, inputs.row(c));
}

const freshUser = (c: Ctx) => addAsAdmin(c, sysUser, userRow(c));

/** The newest live session of a user (the one a login just made). */
async function newestSessionOf(c: Ctx, userId: number): Promise<number> {
  const row = await c.t.ctx.db.db
    .selectFrom('base_sys_session')
    .select('id')
    .where('userId', '=', userId)
    .where('endTime', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A session of a fresh user, for a force logout. */
async function freshSession(c: Ctx): Promise<number> {
  const row = userRow(c);
  const id = await addAsAdmin(c, sysUser, row);
  await c.t.login(row.username, row.password);
  return newestSessionOf(c, id);
}

/**
 * A recycle record of a parameter the admin deleted, handed to the limited user: a non-superuser
 * sees and restores only the records of their own deletions.
 */
async function recycleRecordOf(c: Ctx): Promise<number> {
  const paramId = await addAsAdmin(c, sysParam, paramRow(c));
  dataOf(await c.t.post(urlOf(sysParam, 'delete'), { ids: [paramId] }, c.admin));
  const page = dataOf(
    await c.t.post<{ list: Array<{ id: number; params: { ids?: number[] } }> }>(
      urlOf(recycleData, 'page'),
      { page: 1, size: 50, keyWord: '/sys/param/delete' },
      c.admin,
    ),
  );
  const record = page.list.find((r) => r.params.ids?.includes(paramId));
  if (!record) throw new Error(`no recycle record for parameter ${paramId}`);
  await c.t.ctx.db.loose
    .updateTable('recycle_data')
    .set({ userId: c.one.userId })
    .where('id', '=', record.id)
    .execute();
  return record.id;
}

const CODING_SPEC = {
  module: 'matrix',
  path: 'item',
  label: { 'zh-cn': '条目', 'zh-tw': '條目', en: 'Item' },
  fields: [{ name: 'title', label: { 'zh-cn': '标题', 'zh-tw': '標題', en: 'Title' }, kind: 'string' }],
};

/** A report's question: a week of days, by store. */
const REPORT_INPUT = { from: '2026-03-02', to: '2026-03-08', groupBy: 'store' };

/** Endpoints whose input is not the generic one: the extra verbs and department delete. */
const EXTRA_CASES: Readonly<Record<string, Case>> = {
  ...messageCases,
  [urlOf(sysUser, 'move')]: {
    input: async (c) => ({ departmentId: c.departmentId, userIds: [await freshUser(c)] }),
  },
  [urlOf(sysUser, 'locks')]: { input: () => ({}) },
  [urlOf(sysUser, 'unlock')]: { input: async (c) => ({ id: await freshUser(c) }) },
  [urlOf(sysSession, 'end')]: { input: async (c) => ({ id: await freshSession(c) }) },
  // Everyone may read the history of their own account; any other record needs its own permissions.
  [urlOf(sysAudit, 'record')]: { input: (c) => ({ entity: 'base/sys/user', id: c.one.userId }) },
  [urlOf(sysAudit, 'export')]: { input: () => ({}), answers: 'xlsx' },
  [urlOf(sysUser, 'resetTwoFactor')]: { input: async (c) => ({ id: await freshUser(c) }) },
  [urlOf(sysDepartment, 'delete')]: {
    input: async (c) => ({
      ids: [await addAsAdmin(c, sysDepartment, { name: c.unique('mx-dept'), parentId: c.topDepartmentId })],
      deleteUser: false,
    }),
  },
  [urlOf(sysDepartment, 'order')]: { input: (c) => [{ id: c.departmentId, orderNum: 7 }] },
  [urlOf(sysMenu, 'export')]: { input: (c) => ({ ids: [c.pageMenuId] }) },
  [urlOf(sysMenu, 'import')]: { input: (c) => ({ menus: [{ name: c.unique('mx-import'), type: 0 }] }) },
  [urlOf(sysMenu, 'parse')]: { input: () => ({ entity: 'dict/type' }) },
  // The reports: four tables under one grant (customer:report:view) and their export.
  [urlOf(customerReport, 'invitations')]: { input: () => REPORT_INPUT },
  [urlOf(customerReport, 'customers')]: { input: () => REPORT_INPUT },
  [urlOf(customerReport, 'activities')]: { input: () => REPORT_INPUT },
  [urlOf(customerReport, 'conversion')]: { input: () => REPORT_INPUT },
  [urlOf(customerReport, 'export')]: { input: () => ({ ...REPORT_INPUT, report: 'invitations' }), answers: 'xlsx' },
  // The page exists already, and the rows would grant what the holder lacks: refused past the permission.
  [urlOf(sysMenu, 'create')]: { input: () => ({ entity: 'dict/type', parentId: null }), answers: 'refused' },
  [urlOf(baseCoding, 'status')]: { input: () => ({}) },
  [urlOf(baseCoding, 'preview')]: { input: () => CODING_SPEC },
  // A production server lists no modules, writes no code, and has no AI endpoint configured here.
  [urlOf(baseCoding, 'getModuleTree')]: { input: () => ({}), answers: 'refused' },
  [urlOf(baseCoding, 'createCode')]: { input: () => ({ spec: CODING_SPEC }), answers: 'refused' },
  [urlOf(baseCoding, 'describe')]: { input: () => ({ text: 'goods' }), answers: 'refused' },
  [urlOf(sysParam, 'html')]: { input: (c) => ({ key: c.htmlKey }), answers: 'html' },
  [urlOf(sysLog, 'setKeep')]: { input: () => ({ value: 31 }) },
  [urlOf(sysLog, 'getKeep')]: { input: () => ({}) },
  [urlOf(sysLog, 'clear')]: { input: () => ({}) },
  [urlOf(recycleData, 'info')]: { input: async (c) => ({ id: await recycleRecordOf(c) }) },
  [urlOf(recycleData, 'restore')]: { input: async (c) => ({ ids: [await recycleRecordOf(c)] }) },
  [urlOf(baseComm, 'person')]: { input: () => ({}) },
  // No password: that would end the session the other cases use.
  [urlOf(baseComm, 'personUpdate')]: { input: () => ({ nickName: 'Matrix' }) },
  [urlOf(baseComm, 'permmenu')]: { input: () => ({}) },
  [urlOf(baseComm, 'logout')]: { input: () => ({}), ownSession: true },
  [urlOf(baseComm, 'sessions')]: { input: () => ({}) },
  // Ends the session the case signed in for (the newest of the user's).
  [urlOf(baseComm, 'sessionEnd')]: {
    input: async (c) => ({ id: await newestSessionOf(c, c.one.userId) }),
    ownSession: true,
  },
  [urlOf(baseComm, 'program')]: { input: () => ({}) },
  [urlOf(baseComm, 'passwordPolicy')]: { input: () => ({}) },
  [urlOf(baseComm, 'twoFactorSetup')]: { input: () => ({}), send: (c) => twoFactorStep(c, 'setup') },
  [urlOf(baseComm, 'twoFactorEnable')]: { input: () => ({}), send: (c) => twoFactorStep(c, 'enable') },
  [urlOf(baseComm, 'twoFactorDisable')]: { input: () => ({}), send: (c) => twoFactorStep(c, 'disable') },
  // A user of its own, without permissions: the change ends the sessions of its user.
  [urlOf(baseComm, 'passwordChange')]: {
    input: () => ({ originalPassword: PASSWORD, password: 'Changed-pass9' }),
    async send(c) {
      const username = c.unique('mx-change');
      await addAsAdmin(c, sysUser, { ...userRow(c), username });
      const { token } = await c.t.login(username, PASSWORD);
      return c.t.post(
        urlOf(baseComm, 'passwordChange'),
        { originalPassword: PASSWORD, password: 'Changed-pass9' },
        token,
      );
    },
  },
  [urlOf(baseComm, 'uploadMode')]: { input: () => ({}) },
  [urlOf(baseComm, 'upload')]: { input: () => ({}), send: uploadPng },
  [urlOf(baseOpen, 'refreshToken')]: {
    input: async (c) => ({ refreshToken: (await c.t.login(c.one.username, c.one.password)).refreshToken }),
  },
  [urlOf(baseOpen, 'captcha')]: { input: () => ({ width: 150, height: 50 }) },
  [urlOf(baseOpen, 'loginOptions')]: { input: () => ({}) },
  [urlOf(baseOpen, 'login')]: { input: (c) => ({ username: c.one.username, password: c.one.password }) },
  [urlOf(baseOpen, 'html')]: { input: (c) => ({ key: c.htmlKey }), answers: 'html' },
  [urlOf(baseOpen, 'eps')]: { input: () => ({}) },
  [urlOf(appBaseComm, 'eps')]: { input: () => ({}) },
  [urlOf(baseOpen, 'enterpriseWeChatLoginUrl')]: { input: () => ({}) },
  [urlOf(baseOpen, 'enterpriseWeChatLoginAccessToken')]: {
    input: async (c) => {
      const wecomUserId = c.unique('mx.wecom');
      await addAsAdmin(c, sysUser, { ...userRow(c), wecomUserId });
      const { state } = dataOf(await c.t.get<{ state: string }>(urlOf(baseOpen, 'enterpriseWeChatLoginUrl')));
      return { code: c.wecom.codeFor(wecomUserId), state };
    },
  },
  // Dictionary items need a type, so their standard calls are spelled out here.
  [urlOf(dictInfo, 'add')]: { input: async (c) => ({ typeId: await matrixDictType(c), name: 'Matrix' }) },
  [urlOf(dictInfo, 'info')]: { input: async (c) => ({ id: await freshDictItem(c) }) },
  [urlOf(dictInfo, 'update')]: { input: async (c) => ({ id: await freshDictItem(c), remark: 'patched' }) },
  [urlOf(dictInfo, 'delete')]: { input: async (c) => ({ ids: [await freshDictItem(c)] }) },
  [urlOf(dictInfo, 'types')]: { input: () => ({}) },
  [urlOf(dictInfo, 'data')]: { input: () => ({ types: [] }) },
  [urlOf(taskInfo, 'start')]: { input: async (c) => ({ id: await freshTask(c) }) },
  [urlOf(taskInfo, 'stop')]: { input: async (c) => ({ id: await freshTask(c) }) },
  [urlOf(taskInfo, 'once')]: { input: async (c) => ({ id: await freshTask(c) }) },
  [urlOf(taskInfo, 'log')]: { input: async (c) => ({ id: await freshTask(c), page: 1, size: 5 }) },
  [urlOf(taskInfo, 'handlers')]: { input: () => ({}) },
  [urlOf(customerInfo, 'homeBaseData')]: { input: () => ({}) },
  [urlOf(demoHome, 'summary')]: { input: () => ({}) },
  [urlOf(demoHome, 'trend')]: { input: () => ({}) },
  [urlOf(demoHome, 'breakdown')]: { input: () => ({}) },
  [urlOf(customerInfo, 'batchUpdate')]: { input: async (c) => ({ ids: [await freshCustomer(c)], remark: 'patched' }) },
  [urlOf(customerInfo, 'batchDelete')]: { input: async (c) => ({ ids: [await freshCustomer(c)] }) },
  [urlOf(customerInfo, 'preCreate')]: { input: (c) => customerRow(c) },
  [urlOf(customerInfo, 'create')]: { input: (c) => customerRow(c) },
  [urlOf(customerInfo, 'findPage')]: { input: () => ({ page: 1, size: 5 }) },
  [urlOf(customerInfo, 'findAll')]: { input: () => ({}) },
  [urlOf(customerInfo, 'total')]: { input: () => ({}) },
  [urlOf(customerInfo, 'details')]: { input: async (c) => ({ id: await matrixCustomer(c) }) },
  [urlOf(customerInfo, 'remove')]: { input: async (c) => ({ ids: [await freshCustomer(c)] }) },
  [urlOf(customerInfo, 'handOver')]: { input: (c) => clerksOfAStore(c) },
  [urlOf(customerInfo, 'reveal')]: {
    input: async (c) => ({ id: await matrixCustomer(c), field: 'customerPhone', reason: 'matrix check' }),
  },
  // Invitations need a customer, so their standard calls are spelled out here.
  [urlOf(customerInvitationRecord, 'add')]: { input: (c) => invitationRow(c) },
  [urlOf(customerInvitationRecord, 'create')]: { input: (c) => invitationRow(c) },
  [urlOf(customerInvitationRecord, 'info')]: { input: async (c) => ({ id: await freshInvitation(c) }) },
  [urlOf(customerInvitationRecord, 'update')]: {
    input: async (c) => ({ id: await freshInvitation(c), remark: 'patched' }),
  },
  [urlOf(customerInvitationRecord, 'delete')]: { input: async (c) => ({ ids: [await freshInvitation(c)] }) },
  [urlOf(customerInvitationRecord, 'findPage')]: { input: () => ({ page: 1, size: 5 }) },
  // Export only (no import calls): the chosen columns of the rows the reader sees.
  [urlOf(customerInvitationRecord, 'export')]: { input: () => ({ columns: ['remark'] }), answers: 'xlsx' },
  [urlOf(customerActivity, 'findPage')]: { input: () => ({ page: 1, size: 5 }) },
  [urlOf(customerActivity, 'create')]: { input: (c) => activityRow(c) },
  ...excelCases(customerInfo, 'customerName'),
  ...excelCases(customerActivity, 'customerName'),
  [urlOf(userInfo, 'details')]: {
    input: async (c) => ({ id: await once(c, 'appUser', () => addAsAdmin(c, userInfo, appUserRow(c))) }),
  },
  [urlOf(userInfo, 'reveal')]: {
    input: async (c) => ({
      id: await once(c, 'appUser', () => addAsAdmin(c, userInfo, appUserRow(c))),
      field: 'phone',
      reason: 'matrix check',
    }),
  },
  // The address's user must exist before its row is made.
  [urlOf(userAddress, 'add')]: {
    input: async (c) => {
      await once(c, 'appUser', () => addAsAdmin(c, userInfo, appUserRow(c)));
      return addressRow(c);
    },
  },
  [urlOf(baseOpen, 'appLogin')]: {
    input: async (c) => {
      const phone = freshPhone();
      await addAsAdmin(c, userInfo, { nickName: 'Matrix H5', phone, password: PASSWORD, loginType: 2 });
      return { loginType: 2, phone, password: PASSWORD };
    },
  },
  // Sends only while an sms plugin is enabled: the matrix's own, which delivers nowhere.
  [urlOf(baseOpen, 'appSmsCode')]: {
    input: async (c) => {
      await once(c, 'smsPlugin', async () => {
        const zip = await signedPlugin(await smsPlugin(c.unique('mx-sms'), 'return null;'));
        const { id } = dataOf(await installPlugin(c.t, undefined, zip));
        dataOf(await c.t.post(urlOf(pluginInfo, 'update'), { id, status: 1 }, c.admin));
        return id;
      });
      return { phone: freshPhone('135') };
    },
  },
  [urlOf(appUserInfo, 'refreshToken')]: {
    input: async (c) => ({ refreshToken: (await c.newAppUser()).refreshToken }),
  },
  [urlOf(appUserInfo, 'person')]: { input: () => ({}) },
  [urlOf(appUserInfo, 'updatePerson')]: { input: () => ({ nickName: 'Matrix app' }) },
  [urlOf(appUserInfo, 'logout')]: { input: () => ({}), ownSession: true },
  [urlOf(appUserAddress, 'list')]: { input: () => ({}) },
  [urlOf(appUserAddress, 'add')]: {
    input: () => ({ contact: 'Matrix', phone: '13700000000', address: 'Matrix road 5' }),
  },
  [urlOf(appUserAddress, 'update')]: { input: async (c) => ({ id: await ownAddress(c), contact: 'patched' }) },
  [urlOf(appUserAddress, 'delete')]: { input: async (c) => ({ ids: [await ownAddress(c)] }) },
  [urlOf(appUserAddress, 'setDefault')]: { input: async (c) => ({ id: await ownAddress(c) }) },
  ...excelCases(demoGoods, 'title'),
  [urlOf(demoTenant, 'use')]: { input: () => ({}) },
  [urlOf(demoTenant, 'noUse')]: { input: () => ({}), superuserOnly: true },
  [urlOf(demoTenant, 'noTenant')]: { input: () => ({}) },
  // Plugins: install is open to a trusted signer's package, and held to its permission with a token.
  [urlOf(pluginInfo, 'install')]: {
    input: () => ({}),
    send: async (c, token) =>
      installPlugin(
        c.t,
        token || undefined,
        await signedPlugin(await notifyPlugin(c.unique('mx-plugin'), 'return null;')),
      ),
  },
  [urlOf(pluginInfo, 'inspect')]: {
    input: () => ({}),
    send: async (c, token) => inspectPlugin(c, token),
  },
  [urlOf(pluginInfo, 'info')]: { input: async (c) => ({ id: await freshPlugin(c) }) },
  [urlOf(pluginInfo, 'update')]: { input: async (c) => ({ id: await freshPlugin(c), config: {} }) },
  [urlOf(pluginInfo, 'delete')]: { input: async (c) => ({ ids: [await freshPlugin(c)] }) },
  [urlOf(pluginInfo, 'clearError')]: { input: async (c) => ({ id: await freshPlugin(c) }) },
  [urlOf(customerActivity, 'reveal')]: {
    input: async (c) => ({
      id: await once(c, 'activity', () => freshActivity(c)),
      field: 'customerPhone',
      reason: 'matrix check',
    }),
  },
};

function isStandard(action: string): action is StandardAction {
  return (STANDARD_ACTIONS as readonly string[]).includes(action);
}

/** The valid-input case of an endpoint, or undefined: then the matrix has a hole and fails. */
function caseOf(d: Declaration, e: Endpoint): Case | undefined {
  const extra = EXTRA_CASES[e.url];
  if (extra) return extra;
  if (d.kind !== 'entity' || !isStandard(e.action)) return undefined;
  const action = e.action;
  if (action === 'page') return { input: () => ({ page: 1, size: 5 }) };
  if (action === 'list') return { input: () => ({}) };
  const inputs = ENTITY_INPUTS[d.prefix];
  if (!inputs) return undefined;
  return {
    async input(c) {
      switch (action) {
        case 'add':
          return inputs.row(c);
        case 'info':
          return { id: await inputs.existing(c) };
        case 'update':
          return { id: await freshRow(c, d, inputs), ...inputs.patch };
        case 'delete':
          return { ids: [await freshRow(c, d, inputs)] };
      }
    },
  };
}

function requireCase(d: Declaration, e: Endpoint): Case {
  const found = caseOf(d, e);
  if (!found) throw new Error(`no valid input for ${e.url}: add it to the matrix's input table`);
  return found;
}

function call(t: TestApp, e: Endpoint, input: Input, token?: string): Promise<Reply> {
  if (e.method === 'post') return t.post(e.url, input, token);
  if (Array.isArray(input)) throw new Error(`${e.url}: a GET takes a query object`);
  const query = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)]));
  return t.get(e.url, query, token);
}

function expectSuccess(reply: Reply, c: Case, what: string) {
  if (c.answers !== 'refused') expect(reply.status, `${what}: ${reply.raw.slice(0, 300)}`).toBe(200);
  if (c.answers === 'html') {
    expect(String(reply.headers['content-type'])).toMatch(/^text\/html/);
  } else if (c.answers === 'refused') {
    expect({ status: reply.status, code: reply.body.code }, `${what}: ${reply.raw.slice(0, 300)}`).toEqual({
      status: 400,
      code: 1001,
    });
    return;
  } else if (c.answers === 'xlsx') {
    expect(String(reply.headers['content-type'])).toContain('spreadsheetml');
  } else {
    expect(reply.body.code, `${what}: ${reply.raw.slice(0, 300)}`).toBe(1000);
  }
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** Tokens that must never open a session: not a JWT, a JWT signed with another key, an unsigned one. */
function garbageTokens(userId: number): Array<[string, string]> {
  const now = Math.floor(Date.now() / 1000);
  const payload = base64url(
    JSON.stringify({
      userId,
      username: 'admin',
      passwordVersion: 1,
      sid: 'forged',
      isRefresh: false,
      iat: now,
      exp: now + 3600,
    }),
  );
  const hs256 = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const signature = createHmac('sha256', 'not-the-install-secret').update(`${hs256}.${payload}`).digest('base64url');
  const none = base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }));
  return [
    ['not a JWT', 'garbage'],
    ['Bearer garbage', 'Bearer garbage'],
    ['signed with another secret', `${hs256}.${payload}.${signature}`],
    ['alg none', `${none}.${payload}.`],
  ];
}

const all = declarations.flatMap((d) => d.endpoints.map((e) => ({ d, e, url: e.url })));
const guarded = all.filter(({ e }) => e.auth !== 'open');
const byPerm = all.filter(({ e }) => e.auth === 'perm');
const byLogin = all.filter(({ e }) => e.auth === 'login');
const open = all.filter(({ e }) => e.auth === 'open');
const byApp = all.filter(({ e }) => e.auth === 'app');
const staffOnly = all.filter(({ e }) => e.auth === 'perm' || e.auth === 'login');

/** docs/spec.md §6: every endpoint needs a token except these (ignoreToken). */
const SPEC_IGNORE_TOKEN = {
  /** Served now. */
  implemented: [
    '/admin/base/open/refreshToken',
    '/admin/base/open/captcha',
    '/admin/base/open/login',
    '/admin/base/open/html',
    '/admin/base/open/eps',
    '/admin/base/open/enterpriseWeChatLoginAccessToken',
    '/admin/base/open/enterpriseWeChatLoginUrl',
    '/admin/base/comm/program',
    '/admin/dict/info/types',
    '/admin/base/open/appLogin',
    '/admin/plugin/info/install',
  ],
  /**
   * Ours beyond the spec: what the login page reads before anyone signs in (the CAPTCHA setting),
   * the app users' refresh (an app token pair is renewed where the app's calls live) and the code
   * of their SMS sign-in.
   */
  ours: [
    '/admin/base/open/loginOptions',
    '/app/user/info/refreshToken',
    '/admin/base/open/appSmsCode',
    // The app's own EPS, beside the staff's: each lists its audience's calls only.
    '/app/base/comm/eps',
    // The message stream: an EventSource sends no header, so it takes a short-lived ticket instead of the token.
    '/admin/base/message/stream',
  ],
};

describe('the matrix covers the declarations', () => {
  it('has a valid-input entry for every declared endpoint', () => {
    const missing = all.filter(({ d, e }) => caseOf(d, e) === undefined).map(({ url }) => url);
    expect(missing).toEqual([]);
  });

  it('has no input entry for an endpoint nobody declares', () => {
    const declared = new Set(all.map(({ url }) => url));
    expect(Object.keys(EXTRA_CASES).filter((url) => !declared.has(url))).toEqual([]);
  });

  it('opens exactly the ignoreToken endpoints of docs/spec.md §6 that are declared', () => {
    const declared = new Set(all.map(({ url }) => url));
    const spec = [...SPEC_IGNORE_TOKEN.implemented, ...SPEC_IGNORE_TOKEN.ours];
    const openUrls = open.map(({ url }) => url).sort();
    expect(openUrls).toEqual(spec.filter((url) => declared.has(url)).sort());
    for (const url of SPEC_IGNORE_TOKEN.implemented) expect(openUrls).toContain(url);
  });

  it('derives a permission for every perm endpoint and none for the others', () => {
    expect(byPerm.filter(({ e }) => e.perm === null).map(({ url }) => url)).toEqual([]);
    // An open call may carry one for callers who send a token (sessionPerm: plugin install).
    expect(
      all.filter(({ e }) => e.auth !== 'perm' && e.perm !== null && e.auth !== 'open').map(({ url }) => url),
    ).toEqual([]);
  });
});

describe.each(testTargets())('authorization matrix on $name', (target) => {
  let c: Ctx;
  /** The permission menu that grants each declared permission. */
  const menuOf = new Map<string, number>();
  let adminUserId = 0;
  let refreshAsAccess = '';

  async function grant(account: Account, menuIds: number[]) {
    dataOf(await c.t.post(urlOf(sysRole, 'update'), { id: account.roleId, menuIdList: menuIds }, c.admin));
  }

  function menuFor(perm: string | null): number {
    const id = perm === null ? undefined : menuOf.get(perm);
    if (id === undefined) throw new Error(`no menu grants ${perm}`);
    return id;
  }

  beforeAll(async () => {
    const wecom = await startFakeWecom();
    const t = await startApp(target, {
      ...wecom.env('http://127.0.0.1/login'),
      PLUGIN_TRUSTED_KEYS: pluginSigningKey.publicKey,
    });
    const admin = (await t.login()).token;
    adminUserId = dataOf(await t.get<{ id: number }>(urlOf(baseComm, 'person'), {}, admin)).id;
    const departments = dataOf(
      await t.post<Array<{ id: number; parentId: number | null }>>(urlOf(sysDepartment, 'list'), {}, admin),
    );
    const top = departments.find((d) => d.parentId === null);
    const below = departments.find((d) => d.parentId !== null);
    const menus = dataOf(await t.post<Array<{ id: number; type: number }>>(urlOf(sysMenu, 'list'), {}, admin));
    const page = menus.find((m) => m.type === 1);
    if (!top || !below || !page) throw new Error('the seed has no top department, sub-department or page menu');
    const topId = top.id;
    let serial = 0;
    const unique = (prefix: string) => {
      serial += 1;
      return `${prefix}-${serial}`;
    };

    const perms = [...new Set([...byPerm, ...open].map(({ e }) => e.perm).filter((p): p is string => p !== null))];
    for (const perm of perms) {
      const id = dataOf(
        await t.post<{ id: number }>(
          urlOf(sysMenu, 'add'),
          { name: `matrix ${perm}`, type: 2, parentId: page.id, perms: perm },
          admin,
        ),
      ).id;
      menuOf.set(perm, id);
    }

    async function account(name: string): Promise<Account> {
      const roleId = dataOf(
        await t.post<{ id: number }>(
          urlOf(sysRole, 'add'),
          { name, label: name, menuIdList: [], departmentIdList: [topId], relevance: true },
          admin,
        ),
      ).id;
      const userId = dataOf(
        await t.post<{ id: number }>(
          urlOf(sysUser, 'add'),
          // Store managers: giving a customer to someone else or handing customers over takes one.
          { username: name, password: PASSWORD, departmentId: topId, roleIdList: [roleId], userLevel: 'storeManger' },
          admin,
        ),
      ).id;
      const { token } = await t.login(name, PASSWORD);
      return { userId, roleId, username: name, password: PASSWORD, token };
    }

    const htmlKey = 'matrixHtml';
    dataOf(
      await t.post(urlOf(sysParam, 'add'), { keyName: htmlKey, name: 'Matrix', dataType: 1, data: '<p>hi</p>' }, admin),
    );
    const one = await account('mx-one');
    refreshAsAccess = (await t.login(one.username, one.password)).refreshToken;
    c = {
      t,
      admin,
      topDepartmentId: top.id,
      departmentId: below.id,
      pageMenuId: page.id,
      allBut: await account('mx-all-but'),
      one,
      htmlKey,
      wecom,
      unique,
      cache: new Map(),
      grantPerms: (account, perms) => grant(account, perms.map(menuFor)),
      appUser: await registerAppUser(t, admin),
      newAppUser: () => registerAppUser(t, admin),
    };
  });

  afterAll(async () => {
    await c?.t.stop();
    await c?.wecom.close();
  });

  it.each(guarded)('$url refuses a call without a token with 401', async ({ e }) => {
    const reply = await call(c.t, e, {});
    expect({ status: reply.status, code: reply.body.code }).toEqual({ status: 401, code: 1001 });
  });

  it.each(guarded)('$url refuses garbage and forged tokens with 401', async ({ e }) => {
    const seen: Array<[string, number]> = [];
    for (const [what, token] of garbageTokens(adminUserId)) {
      seen.push([what, (await call(c.t, e, {}, token)).status]);
    }
    expect(seen).toEqual(garbageTokens(adminUserId).map(([what]) => [what, 401]));
  });

  it.each(guarded)('$url refuses a refresh token used as an access token with 401', async ({ e }) => {
    const reply = await call(c.t, e, {}, refreshAsAccess);
    expect(reply.status).toBe(401);
  });

  it.each(byPerm)('$url: 403 without its permission, success with only it', async ({ d, e }) => {
    const theCase = requireCase(d, e);
    const input = await theCase.input(c);
    const own = menuFor(e.perm);
    // A call an owner makes on her own rows with another permission (EndpointDef.ownRows): "all but"
    // lacks that one too, and holding it alone lets through the owner only (the rows here are not his).
    const ownerMenu = e.ownRowsPerm === null ? undefined : menuFor(e.ownRowsPerm);
    await grant(
      c.allBut,
      [...menuOf.values()].filter((id) => id !== own && id !== ownerMenu),
    );
    await grant(c.one, [own]);

    const refused = await call(c.t, e, input, c.allBut.token);
    expect({ status: refused.status, code: refused.body.code }, refused.raw).toEqual({ status: 403, code: 1001 });
    if (ownerMenu !== undefined) {
      await grant(
        c.allBut,
        [...menuOf.values()].filter((id) => id !== own),
      );
      const notHis = await call(c.t, e, input, c.allBut.token);
      expect({ status: notHis.status, code: notHis.body.code }, notHis.raw).toEqual({ status: 403, code: 1001 });
      await grant(
        c.allBut,
        [...menuOf.values()].filter((id) => id !== own && id !== ownerMenu),
      );
    }
    // The permission is checked before the input: a wrong input must not tell its rules to someone without it.
    const empty = await call(c.t, e, {}, c.allBut.token);
    expect({ status: empty.status, code: empty.body.code }, empty.raw).toEqual({ status: 403, code: 1001 });
    // The same input succeeds for the holder: the 403 came from the permission, and changed nothing.
    const reply = theCase.send ? await theCase.send(c, c.one.token) : await call(c.t, e, input, c.one.token);
    if (theCase.superuserOnly) {
      expectRuleRefusal(reply);
      expectSuccess(await call(c.t, e, input, c.admin), theCase, `${e.url} as the superuser`);
    } else {
      expectSuccess(reply, theCase, `${e.url} with ${e.perm}`);
    }
  });

  it.each(byLogin)('$url succeeds for a signed-in user holding no permission', async ({ d, e }) => {
    const theCase = requireCase(d, e);
    await grant(c.one, []);
    const token = theCase.ownSession ? (await c.t.login(c.one.username, c.one.password)).token : c.one.token;
    const reply = theCase.send ? await theCase.send(c, token) : await call(c.t, e, await theCase.input(c), token);
    expectSuccess(reply, theCase, e.url);
    if (theCase.ownSession) expect((await c.t.get(urlOf(baseComm, 'person'), {}, token)).status).toBe(401);
  });

  it.each(byApp)("$url succeeds for an app user's token and refuses a staff token with 401", async ({ d, e }) => {
    const theCase = requireCase(d, e);
    const input = await theCase.input(c);
    const staff = await call(c.t, e, input, c.admin);
    expect({ status: staff.status, code: staff.body.code }, staff.raw).toEqual({ status: 401, code: 1001 });
    const app = theCase.ownSession ? await c.newAppUser() : c.appUser;
    expectSuccess(await call(c.t, e, input, app.token), theCase, e.url);
    if (theCase.ownSession) expect((await c.t.get(urlOf(appUserInfo, 'person'), {}, app.token)).status).toBe(401);
  });

  it.each(staffOnly)("$url refuses an app user's token with 401", async ({ e }) => {
    const reply = await call(c.t, e, {}, c.appUser.token);
    expect({ status: reply.status, code: reply.body.code }, reply.raw).toEqual({ status: 401, code: 1001 });
  });

  it.each(open.filter(({ e }) => e.perm !== null))(
    '$url: with a token, 403 without its permission, success with only it',
    async ({ d, e }) => {
      const theCase = requireCase(d, e);
      const own = menuFor(e.perm);
      await grant(
        c.allBut,
        [...menuOf.values()].filter((id) => id !== own),
      );
      await grant(c.one, [own]);
      const refused = theCase.send ? await theCase.send(c, c.allBut.token) : await call(c.t, e, {}, c.allBut.token);
      expect({ status: refused.status, code: refused.body.code }, refused.raw).toEqual({ status: 403, code: 1001 });
      const reply = theCase.send ? await theCase.send(c, c.one.token) : await call(c.t, e, {}, c.one.token);
      expectSuccess(reply, theCase, `${e.url} with ${e.perm}`);
    },
  );

  it.each(open)('$url answers without a token', async ({ d, e }) => {
    const theCase = requireCase(d, e);
    const reply = theCase.send ? await theCase.send(c, '') : await call(c.t, e, await theCase.input(c));
    expect([401, 403]).not.toContain(reply.status);
    expectSuccess(reply, theCase, e.url);
  });
});

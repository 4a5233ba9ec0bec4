/**
 * Test-only: a cool-admin database as its midway back end makes and fills it, in the table shapes
 * of its public TypeORM entities, on SQLite or MySQL/MariaDB (docs/move-in.md, "Versions checked"
 * says which versions of cool-admin-midway these shapes were read from):
 * - 7.x: the base entity of @cool-midway/core (`createTime`/`updateTime` as datetimes), a role's
 *   own `menuIdList`/`departmentIdList` JSON columns beside the join tables, `relevance` a boolean,
 *   the log's `ipAddr`, JSON `params`.
 * - 8.x: the base entity of the project itself (`createTime`/`updateTime` as `YYYY-MM-DD HH:mm:ss`
 *   text in a varchar, a nullable `tenantId`), the log without `ipAddr` and with JSON `headers`.
 * Rows are written the way cool-admin writes them: MD5 passwords, comma-joined permissions, JSON id
 * lists, its datetime texts, a menu tree, a dictionary tree.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';

export type CoolShape = '7.x' | '8.x';
type Type = 'id' | 'int' | 'bigint' | 'tinyint' | 'text' | 'json' | 'datetime' | `varchar(${number})`;
type Table = { name: string; columns: Array<[string, Type]> };

function schema(shape: CoolShape): Table[] {
  // 7.x: TypeORM's create/update date columns; 8.x: varchar columns holding 'YYYY-MM-DD HH:mm:ss'.
  const stamp: Type = shape === '8.x' ? 'varchar(255)' : 'datetime';
  const base: Array<[string, Type]> = [
    ['id', 'id'],
    ['createTime', stamp],
    ['updateTime', stamp],
    ...(shape === '8.x' ? ([['tenantId', 'int']] as Array<[string, Type]>) : []),
  ];
  const t = (name: string, columns: Array<[string, Type]>): Table => ({ name, columns: [...base, ...columns] });
  return [
    t('base_sys_department', [
      ['name', 'varchar(255)'],
      ['parentId', 'int'],
      ['orderNum', 'int'],
    ]),
    t('base_sys_role', [
      ['userId', 'varchar(255)'],
      ['name', 'varchar(255)'],
      ['label', 'varchar(50)'],
      ['remark', 'varchar(255)'],
      ['relevance', 'tinyint'],
      ['menuIdList', 'json'],
      ['departmentIdList', 'json'],
    ]),
    t('base_sys_user', [
      ['departmentId', 'int'],
      ['name', 'varchar(255)'],
      ['username', 'varchar(100)'],
      ['password', 'varchar(255)'],
      ['passwordV', 'int'],
      ['nickName', 'varchar(255)'],
      ['headImg', 'varchar(255)'],
      ['phone', 'varchar(20)'],
      ['email', 'varchar(255)'],
      ['remark', 'varchar(255)'],
      ['status', 'int'],
      // Not cool-admin's own: the spec's customer module adds the staff level to its users.
      ['userLevel', 'varchar(50)'],
      ['socketId', 'varchar(255)'],
    ]),
    t('base_sys_user_role', [
      ['userId', 'int'],
      ['roleId', 'int'],
    ]),
    t('base_sys_role_menu', [
      ['roleId', 'int'],
      ['menuId', 'int'],
    ]),
    t('base_sys_role_department', [
      ['roleId', 'int'],
      ['departmentId', 'int'],
    ]),
    t('base_sys_menu', [
      ['parentId', 'int'],
      ['name', 'varchar(255)'],
      ['router', 'varchar(255)'],
      ['perms', 'text'],
      ['type', 'int'],
      ['icon', 'varchar(255)'],
      ['orderNum', 'int'],
      ['viewPath', 'varchar(255)'],
      ['keepAlive', 'tinyint'],
      ['isShow', 'tinyint'],
    ]),
    t('base_sys_param', [
      ['keyName', 'varchar(255)'],
      ['name', 'varchar(255)'],
      ['data', 'text'],
      ['dataType', 'int'],
      ['remark', 'varchar(255)'],
    ]),
    t('base_sys_conf', [
      ['cKey', 'varchar(255)'],
      ['cValue', 'varchar(255)'],
    ]),
    t('base_sys_log', [
      ['userId', 'int'],
      ['action', 'varchar(255)'],
      ['ip', 'varchar(255)'],
      ...(shape === '7.x' ? ([['ipAddr', 'varchar(50)']] as Array<[string, Type]>) : []),
      ['params', 'json'],
      ...(shape === '8.x' ? ([['headers', 'json']] as Array<[string, Type]>) : []),
    ]),
    t('dict_type', [
      ['name', 'varchar(255)'],
      ['key', 'varchar(255)'],
    ]),
    t('dict_info', [
      ['typeId', 'int'],
      ['name', 'varchar(255)'],
      ['value', 'varchar(255)'],
      ['orderNum', 'int'],
      ['remark', 'text'],
      ['parentId', 'int'],
    ]),
    t('space_type', [
      ['name', 'varchar(255)'],
      ['parentId', 'int'],
    ]),
    t('space_info', [
      ['url', 'varchar(255)'],
      ['type', 'varchar(255)'],
      ['classifyId', 'int'],
      ['fileId', 'varchar(255)'],
      ['name', 'varchar(255)'],
      ['size', 'int'],
      ['version', 'int'],
      ['key', 'varchar(255)'],
    ]),
    t('recycle_data', [
      ['entityInfo', 'json'],
      ['userId', 'int'],
      ['data', 'json'],
      ['url', 'varchar(255)'],
      ['params', 'json'],
      ['count', 'int'],
    ]),
    t('task_info', [
      ['jobId', 'varchar(255)'],
      ['repeatConf', 'varchar(1000)'],
      ['name', 'varchar(255)'],
      ['cron', 'varchar(255)'],
      ['limit', 'int'],
      ['every', 'int'],
      ['remark', 'varchar(255)'],
      ['status', 'int'],
      ['startDate', 'datetime'],
      ['endDate', 'datetime'],
      ['data', 'varchar(255)'],
      ['service', 'varchar(255)'],
      ['type', 'int'],
      ['nextRunTime', 'datetime'],
      ['taskType', 'int'],
    ]),
    t('user_info', [
      ['unionid', 'varchar(255)'],
      ['avatarUrl', 'varchar(255)'],
      ['nickName', 'varchar(255)'],
      ['phone', 'varchar(255)'],
      ['gender', 'int'],
      ['status', 'int'],
      ['loginType', 'int'],
      ['password', 'varchar(255)'],
    ]),
    t('user_address', [
      ['userId', 'int'],
      ['contact', 'varchar(255)'],
      ['phone', 'varchar(11)'],
      ['province', 'varchar(255)'],
      ['city', 'varchar(255)'],
      ['district', 'varchar(255)'],
      ['address', 'varchar(255)'],
      ['isDefault', 'tinyint'],
    ]),
    t('customer_info', [
      ['customerCode', 'varchar(32)'],
      ['customerName', 'varchar(100)'],
      ['customerAge', 'varchar(20)'],
      ['customerSex', 'int'],
      ['customerType', 'varchar(50)'],
      ['customerPhone', 'varchar(20)'],
      ['customerAddress', 'varchar(255)'],
      ['storeId', 'int'],
      ['storeName', 'varchar(100)'],
      ['employeeId', 'int'],
      ['employeeNumber', 'varchar(100)'],
      ['diseaseInformation', 'varchar(1000)'],
      ['remark', 'varchar(500)'],
      ['customerStatus', 'varchar(50)'],
    ]),
    t('customer_invitation_record', [
      ['customerStatus', 'varchar(10)'],
      ['inviteTime', 'datetime'],
      ['customerID', 'int'],
      ['employeeId', 'int'],
      ['storeId', 'int'],
      ['remark', 'varchar(500)'],
    ]),
    t('customer_activity', [
      ['customerId', 'int'],
      ['customerName', 'varchar(100)'],
      ['customerAge', 'int'],
      ['customerSex', 'int'],
      ['customerPhone', 'varchar(20)'],
      ['idCardType', 'varchar(50)'],
      ['idCardNo', 'varchar(50)'],
      ['customerAddress', 'varchar(255)'],
      ['storeName', 'varchar(100)'],
      ['employeeId', 'int'],
      ['activityName', 'varchar(100)'],
      ['prizeName', 'varchar(100)'],
      ['prizePhoto', 'json'],
      ['remark', 'varchar(500)'],
    ]),
  ];
}

function ddl(kind: 'sqlite' | 'mysql', table: Table): string {
  const q = (name: string) => (kind === 'mysql' ? `\`${name}\`` : `"${name}"`);
  const type = (t: Type) => {
    if (t === 'id')
      return kind === 'mysql' ? 'int not null auto_increment primary key' : 'integer primary key autoincrement';
    if (t === 'datetime') return kind === 'mysql' ? 'datetime(6) null' : 'datetime';
    // TypeORM's 'json': MySQL's JSON type (an alias of longtext on MariaDB); text on SQLite.
    if (t === 'json') return kind === 'mysql' ? 'json null' : 'text';
    return `${t} null`;
  };
  const cols = table.columns.map(([name, t]) => `${q(name)} ${type(t)}`).join(', ');
  return `create table ${q(table.name)} (${cols})${kind === 'mysql' ? ' default charset=utf8mb4' : ''}`;
}

export const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** The users of the fixture and the passwords they know. */
export const COOL_USERS = {
  admin: '123456',
  zhang: 'Harb#2024ok',
  wang: '123456',
  li: 'LiDisabled#9',
} as const;

type Rows = Record<string, Array<Record<string, unknown>>>;

/**
 * The rows, as cool-admin writes them. `time` is its datetime text: 7.x's TypeORM date columns keep
 * milliseconds, 8.x formats its varchar times as `YYYY-MM-DD HH:mm:ss`.
 */
export function coolRows(shape: CoolShape, options: { customers?: number; users?: number } = {}): Rows {
  const time = (day: number) => `2024-03-${String(day).padStart(2, '0')} 10:20:30${shape === '8.x' ? '' : '.123'}`;
  const stamp = (day: number) => ({ createTime: time(day), updateTime: time(day) });
  const tenant = shape === '8.x' ? { tenantId: null } : {};
  const row = (day: number, values: Record<string, unknown>) => ({ ...stamp(day), ...tenant, ...values });
  const users = [
    row(1, {
      id: 1,
      departmentId: 1,
      name: '超级管理员',
      username: 'admin',
      password: md5(COOL_USERS.admin),
      passwordV: 3,
      nickName: 'admin',
      phone: '13800000000',
      status: 1,
    }),
    row(2, {
      id: 2,
      departmentId: 11,
      name: '张三',
      username: 'zhang',
      password: md5(COOL_USERS.zhang),
      passwordV: 1,
      nickName: 'zs',
      phone: '13800000001',
      email: 'zhang@example.com',
      status: 1,
      userLevel: 'storeManger',
    }),
    row(3, {
      id: 3,
      departmentId: 12,
      name: '王五',
      username: 'wang',
      password: md5(COOL_USERS.wang),
      passwordV: 1,
      phone: '13800000002',
      status: 1,
    }),
    row(4, {
      id: 4,
      departmentId: 12,
      name: '李四',
      username: 'li',
      password: md5(COOL_USERS.li),
      passwordV: 1,
      phone: '13800000003',
      status: 0,
    }),
  ];
  for (let i = 0; i < (options.users ?? 0); i += 1) {
    users.push(
      row(5, {
        id: 100 + i,
        departmentId: 12,
        name: `员工${i}`,
        username: `staff${i}`,
        password: md5(`Staff#${i}x`),
        passwordV: 1,
        status: 1,
      }),
    );
  }
  const customers = [
    row(6, {
      id: 1,
      customerCode: 'C00000001',
      customerName: '赵客户',
      customerAge: '30',
      customerSex: 1,
      customerPhone: '13900000001',
      customerAddress: '上海',
      storeId: 11,
      storeName: '开发部',
      employeeId: 2,
      diseaseInformation: '',
      remark: '',
      customerStatus: '0',
    }),
    row(6, {
      id: 2,
      customerCode: 'C00000002',
      customerName: '钱客户',
      customerAge: '41',
      customerSex: 2,
      customerPhone: '13900000002',
      customerAddress: '杭州',
      storeId: 99,
      storeName: '西湖店',
      employeeId: 3,
      diseaseInformation: '',
      remark: '',
      customerStatus: '0',
    }),
  ];
  for (let i = 0; i < (options.customers ?? 0); i += 1) {
    customers.push(
      row(7, {
        id: 1000 + i,
        customerName: `客户${i}`,
        customerAge: '20',
        customerSex: 0,
        customerPhone: `139${String(i).padStart(8, '0')}`,
        customerAddress: '北京',
        storeName: `门店${i % 50}`,
        employeeId: 100 + (i % Math.max(1, options.users ?? 1)),
        diseaseInformation: '',
        remark: '',
        customerStatus: '0',
      }),
    );
  }
  // Both 7.x and 8.x keep a role's grants twice: as JSON id lists on the role and in the join tables.
  const roleLists = (menus: number[], departments: number[]) => ({
    menuIdList: JSON.stringify(menus),
    departmentIdList: JSON.stringify(departments),
  });
  return {
    base_sys_department: [
      row(1, { id: 1, name: 'COOL', parentId: null, orderNum: 0 }),
      row(1, { id: 11, name: '开发部', parentId: 1, orderNum: 1 }),
      row(1, { id: 12, name: '测试部', parentId: 11, orderNum: 2 }),
    ],
    base_sys_role: [
      row(1, {
        id: 1,
        userId: '1',
        name: '超管',
        label: 'admin',
        remark: '最高权限的角色',
        relevance: 1,
        ...roleLists([], []),
      }),
      row(1, {
        id: 10,
        userId: '1',
        name: '店长',
        label: 'storeMgr',
        remark: null,
        relevance: 1,
        ...roleLists([2, 3, 5, 6], [11]),
      }),
    ],
    base_sys_user: users,
    base_sys_user_role: [
      row(2, { id: 1, userId: 1, roleId: 1 }),
      row(2, { id: 2, userId: 2, roleId: 10 }),
      row(2, { id: 3, userId: 3, roleId: 10 }),
    ],
    base_sys_role_menu: [2, 3, 5, 6].map((menuId, i) => row(2, { id: i + 1, roleId: 10, menuId })),
    base_sys_role_department: [row(2, { id: 1, roleId: 10, departmentId: 11 })],
    base_sys_menu: [
      row(1, {
        id: 1,
        parentId: null,
        name: '系统管理',
        router: '/sys',
        perms: null,
        type: 0,
        icon: 'icon-system',
        orderNum: 1,
        viewPath: null,
        keepAlive: 1,
        isShow: 1,
      }),
      row(1, {
        id: 2,
        parentId: 1,
        name: '用户列表',
        router: '/sys/user',
        perms: null,
        type: 1,
        icon: 'icon-user',
        orderNum: 1,
        viewPath: 'cool/modules/base/views/user.vue',
        keepAlive: 1,
        isShow: 1,
      }),
      row(1, {
        id: 3,
        parentId: 2,
        name: '查询',
        router: null,
        perms: 'base:sys:user:page,base:sys:user:list,base:sys:user:info',
        type: 2,
        icon: null,
        orderNum: 0,
        viewPath: null,
        keepAlive: 1,
        isShow: 1,
      }),
      row(1, {
        id: 4,
        parentId: null,
        name: '商城',
        router: '/mall',
        perms: null,
        type: 0,
        icon: 'icon-shop',
        orderNum: 9,
        viewPath: null,
        keepAlive: 1,
        isShow: 1,
      }),
      row(1, {
        id: 5,
        parentId: 4,
        name: '商品管理',
        router: '/mall/goods',
        perms: null,
        type: 1,
        icon: null,
        orderNum: 1,
        viewPath: 'modules/mall/views/goods.vue',
        keepAlive: 0,
        isShow: 1,
      }),
      row(1, {
        id: 6,
        parentId: 5,
        name: '查询',
        router: null,
        perms: 'mall:goods:page,mall:goods:info',
        type: 2,
        icon: null,
        orderNum: 0,
        viewPath: null,
        keepAlive: 1,
        isShow: 1,
      }),
    ],
    base_sys_param: [
      row(1, {
        id: 1,
        keyName: 'mallNotice',
        name: '商城公告',
        data: '<p>新品<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
        dataType: 1,
        remark: null,
      }),
      row(1, { id: 2, keyName: 'mallTitle', name: '商城标题', data: 'COOL 商城', dataType: 0, remark: '标题' }),
    ],
    base_sys_conf: [row(1, { id: 1, cKey: 'logKeep', cValue: '31' })],
    base_sys_log: [
      row(8, {
        id: 1,
        userId: 1,
        action: '/admin/base/comm/person',
        ip: '127.0.0.1',
        params: '{}',
        ...(shape === '7.x' ? { ipAddr: '本机地址' } : { headers: '{"user-agent":"Mozilla/5.0"}' }),
      }),
      row(8, {
        id: 2,
        userId: 2,
        action: '/admin/base/open/login',
        ip: '10.0.0.2',
        params: '{"username":"zhang"}',
        ...(shape === '7.x' ? { ipAddr: '内网' } : { headers: '{"user-agent":"Mozilla/5.0"}' }),
      }),
    ],
    dict_type: [row(1, { id: 1, name: '品牌', key: 'brand' })],
    dict_info: [
      row(1, { id: 1, typeId: 1, name: 'COOL', value: 'cool', orderNum: 1, remark: null, parentId: null }),
      row(1, { id: 2, typeId: 1, name: 'COOL 青春版', value: 'cool-young', orderNum: 2, remark: null, parentId: 1 }),
    ],
    space_type: [row(1, { id: 1, name: '商品图', parentId: null })],
    space_info: [
      row(5, {
        id: 1,
        url: 'http://127.0.0.1:8001/upload/20240305/a1b2.png',
        type: 'image',
        classifyId: 1,
        fileId: 'a1b2',
        name: 'goods.png',
        size: 4,
        version: 1,
        key: 'upload/20240305/a1b2.png',
      }),
    ],
    recycle_data: [
      row(8, {
        id: 1,
        entityInfo: JSON.stringify({ dataSourceName: 'default', entity: 'BaseSysUserEntity' }),
        userId: 1,
        data: JSON.stringify([{ id: 77, username: 'gone' }]),
        url: '/admin/base/sys/user/delete',
        params: JSON.stringify({ ids: [77] }),
        count: 1,
      }),
      row(8, {
        id: 2,
        entityInfo: JSON.stringify({ dataSourceName: 'default', entity: 'MallGoodsEntity' }),
        userId: 1,
        data: '[]',
        url: '/admin/mall/goods/delete',
        params: JSON.stringify({ ids: [5] }),
        count: 1,
      }),
    ],
    task_info: [
      row(1, {
        id: 1,
        jobId: '1',
        repeatConf: '{"count":1}',
        name: '清理日志',
        cron: '0 0 0 * * *',
        limit: null,
        every: null,
        remark: null,
        status: 1,
        data: null,
        service: 'BaseSysLogService.clear(true)',
        type: 1,
        taskType: 0,
        nextRunTime: time(9),
      }),
    ],
    user_info: [
      row(5, {
        id: 1,
        unionid: 'u-1',
        avatarUrl: null,
        nickName: '小程序用户',
        phone: '13700000001',
        gender: 1,
        status: 1,
        loginType: 0,
        password: md5('app'),
      }),
    ],
    user_address: [
      row(5, {
        id: 1,
        userId: 1,
        contact: '收件人',
        phone: '13700000001',
        province: '浙江',
        city: '杭州',
        district: '西湖',
        address: '文三路 1 号',
        isDefault: 1,
      }),
    ],
    customer_info: customers,
    customer_invitation_record: [
      row(6, {
        id: 1,
        customerStatus: '1',
        inviteTime: time(7),
        customerID: 2,
        employeeId: 2,
        storeId: 11,
        remark: '',
      }),
    ],
    customer_activity: [
      row(6, {
        id: 1,
        customerId: 1,
        customerName: '赵客户',
        customerAge: 30,
        customerSex: 1,
        customerPhone: '13900000001',
        customerAddress: '上海',
        storeName: '开发部',
        employeeId: 2,
        activityName: '开业',
        prizeName: '杯子',
        prizePhoto: null,
        remark: '',
      }),
    ],
  };
}

export type CoolSource = { url: string; drop(): Promise<void> };

async function insertAll(
  run: (sql: string, values: unknown[]) => Promise<void> | void,
  kind: 'sqlite' | 'mysql',
  rows: Rows,
  tables: Table[],
) {
  const q = (name: string) => (kind === 'mysql' ? `\`${name}\`` : `"${name}"`);
  for (const table of tables) {
    const names = table.columns.map(([n]) => n);
    const list = rows[table.name] ?? [];
    for (let i = 0; i < list.length; i += 200) {
      const slice = list.slice(i, i + 200);
      const marks = slice.map(() => `(${names.map(() => '?').join(', ')})`).join(', ');
      const values = slice.flatMap((r) =>
        names.map((n) => {
          const v = r[n];
          // MySQL's datetime(6) takes cool-admin's text with its milliseconds as it is.
          return v === undefined ? null : v;
        }),
      );
      await run(`insert into ${q(table.name)} (${names.map(q).join(', ')}) values ${marks}`, values);
    }
  }
}

/** A cool-admin database on SQLite, in a temporary folder. */
export async function coolSqlite(shape: CoolShape, rows: Rows = coolRows(shape)): Promise<CoolSource> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coolsrc-'));
  const file = path.join(dir, 'cool.sqlite');
  const db = new SQLite(file);
  const tables = schema(shape);
  for (const table of tables) db.exec(ddl('sqlite', table));
  db.exec('begin');
  await insertAll((text, values) => void db.prepare(text).run(...values), 'sqlite', rows, tables);
  db.exec('commit');
  db.close();
  return { url: `sqlite:${file}`, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A cool-admin database on the MySQL/MariaDB server of `base` (TEST_MYSQL_URL), dropped by `drop`. */
export async function coolMysql(base: string, shape: CoolShape, rows: Rows = coolRows(shape)): Promise<CoolSource> {
  const { createConnection } = await import('mysql2/promise');
  const name = `coolsrc_${randomBytes(4).toString('hex')}`;
  const admin = await createConnection({ uri: base, charset: 'utf8mb4' });
  await admin.query(`create database ${name} default charset utf8mb4`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const connection = await createConnection({ uri: url.toString(), charset: 'utf8mb4' });
  try {
    const tables = schema(shape);
    for (const table of tables) await connection.query(ddl('mysql', table));
    await insertAll(
      async (text, values) => {
        await connection.query(text, values);
      },
      'mysql',
      rows,
      tables,
    );
  } finally {
    await connection.end();
  }
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    },
  };
}

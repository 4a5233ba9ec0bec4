import { z } from 'zod';
import { col } from '../core/columns.js';
import {
  type CreateBodyOf,
  createSchemaOf,
  defineEntity,
  type EndpointDef,
  type EntityRowOf,
  idSchema,
  idsSchema,
  inputSchemaOf,
  returns,
} from '../core/entity.js';
import type { PageResult } from '../core/envelope.js';
import { label } from '../core/i18n.js';
import type { CustomerActivity } from './customer-activity.js';
import type { CustomerInvitation } from './customer-invitation-record.js';

/** customerStatus: "0" normal, "1" disabled, "2" cancelled (remove sets it; an update brings it back). */
export const CUSTOMER_STATUS = ['0', '1', '2'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUS)[number];
/** customerSex (customers and activities): 0 unknown, 1 male, 2 female. */
export const CUSTOMER_SEX = [0, 1, 2] as const;

export const sexLabels = {
  0: label('未知', '未知', 'Unknown'),
  1: label('男', '男', 'Male'),
  2: label('女', '女', 'Female'),
} as const;

/** Dictionary types the customer module seeds and its screens label values with. */
export const CUSTOMER_DICTS = {
  customerType: 'customerType',
  invitationStatus: 'invitationStatus',
  idCardType: 'idCardType',
} as const;

/** The most rows findAll answers; above it the caller is told to narrow the filters or page. */
export const CUSTOMER_FIND_ALL_CAP = 5000;
/** The most ids one batch call takes. */
export const CUSTOMER_BATCH_MAX = 1000;

const customerColumns = {
  /** Generated on create/add (`C` + 8 digits), unique in the chain. */
  customerCode: col.string({
    label: label('客户编号', '客戶編號', 'Customer code'),
    nullable: true,
    max: 32,
    unique: true,
  }),
  customerName: col.string({ label: label('客户姓名', '客戶姓名', 'Customer name'), min: 1, max: 100 }),
  customerAge: col.string({ label: label('年龄', '年齡', 'Age'), nullable: true, max: 20, format: 'age' }),
  customerSex: col.intEnum(CUSTOMER_SEX, { label: label('性别', '性別', 'Sex'), default: 0, valueLabels: sexLabels }),
  customerType: col.string({
    label: label('客户类型', '客戶類型', 'Customer type'),
    nullable: true,
    max: 50,
    dict: CUSTOMER_DICTS.customerType,
  }),
  customerPhone: col.string({
    label: label('手机号', '手機號', 'Phone'),
    min: 1,
    max: 20,
    index: true,
    sensitive: 'phone',
    // A contact phone: a mobile number or a landline (core/formats.ts).
    format: 'phone',
  }),
  customerAddress: col.string({ label: label('地址', '地址', 'Address'), nullable: true, max: 255 }),
  /** The owner's store (a department marked as a store); follows the owner. */
  storeId: col.int({ label: label('门店', '門市', 'Store'), nullable: true, index: true }),
  /** The store's name when the customer was taken on or handed over. */
  storeName: col.string({ label: label('门店名称', '門市名稱', 'Store name'), nullable: true, max: 100 }),
  /** The owning salesperson (a staff user). */
  employeeId: col.int({ label: label('所属员工', '所屬員工', 'Owner'), nullable: true }),
  employeeNumber: col.string({ label: label('员工工号', '員工工號', 'Staff number'), nullable: true, max: 100 }),
  /**
   * The staff user who recorded the customer (ownership.creator): set by the server on add, never
   * moved by an update, a hand-over, an import or a move-in. Reports count new customers by it.
   */
  creatorId: col.int({ label: label('登记员工', '登記員工', 'Recorded by'), nullable: true }),
  diseaseInformation: col.string({
    label: label('病史信息', '病史資訊', 'Medical notes'),
    max: 1000,
    default: '',
    sensitive: 'text',
  }),
  remark: col.string({ label: label('备注', '備註', 'Remark'), max: 500, default: '' }),
  customerStatus: col.stringEnum(CUSTOMER_STATUS, {
    label: label('状态', '狀態', 'Status'),
    default: '0',
    index: true,
    valueLabels: {
      '0': label('正常', '正常', 'Normal'),
      '1': label('禁用', '停用', 'Disabled'),
      '2': label('已注销', '已註銷', 'Cancelled'),
    },
  }),
};

const listFilters = {
  /** The owner filter of the family's clients (the same as employeeId). */
  salesmanId: z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional()),
  /** Customers added from this time on (inclusive): the home dashboard's figures open the list with their window. */
  createTimeFrom: col.datetime({ label: label('新增开始', '新增開始', 'Added from') }).schema.optional(),
  /** Customers added before this time (exclusive). */
  createTimeTo: col.datetime({ label: label('新增结束', '新增結束', 'Added before') }).schema.optional(),
};

/**
 * A customer that has the draft's phone number already, somewhere in the chain. One the operator's
 * scope holds comes with what names it; beyond the scope only its store is told (one entry a
 * store), never its name, code, owner or id.
 */
export type CustomerDuplicate =
  | {
      /** The operator's scope holds it: they may open it. */
      visible: true;
      id: number;
      customerCode: string | null;
      customerName: string;
      storeName: string | null;
      employeeName: string | null;
    }
  | { visible: false; storeName: string | null };

/** What preCreate answers: what create would do with the draft, nothing written. */
export type CustomerPreCreate = {
  duplicates: CustomerDuplicate[];
  customerCode: string;
  employeeId: number;
  employeeName: string | null;
  employeeNumber: string | null;
  storeId: number | null;
  storeName: string | null;
};

/** homeBaseData: the operator's store (their scope) at a glance. */
export type CustomerHomeData = {
  customers: { total: number; newToday: number; newThisWeek: number };
  /** Invitations by status value (the invitationStatus dictionary), today and this week. */
  invitations: { today: Record<string, number>; thisWeek: Record<string, number> };
  activitiesThisMonth: number;
  /** The last 5 customers touched (updateTime). */
  recent: Array<{ id: number; customerCode: string | null; customerName: string; updateTime: string }>;
};

/** The declaration with the given extra verbs (built twice: the verbs take the page and add schemas of the first). */
function declare<X extends Record<string, EndpointDef>>(extra: X) {
  return defineEntity({
    module: 'customer',
    path: 'info',
    entityName: 'CustomerInfoEntity',
    table: 'customer_info',
    label: label('客户信息', '客戶資訊', 'Customer'),
    columns: customerColumns,
    ownership: { owner: 'employeeId', store: 'storeId', creator: 'creatorId' },
    query: {
      keyWordLikeFields: ['customerCode', 'customerName', 'customerPhone', 'customerAddress', 'customerType', 'remark'],
      // A million customers: the keyword goes through a text index, not a LIKE scan. Codes and
      // phone numbers are digits, whose trigrams each sit in tens of thousands of rows: they go
      // by 6-character pieces instead.
      textIndex: { identifiers: ['customerCode', 'customerPhone'] },
      fieldEq: [
        'customerCode',
        'customerName',
        'customerPhone',
        'customerAddress',
        'customerType',
        'remark',
        'customerStatus',
        'customerSex',
        'storeId',
        'employeeId',
        'creatorId',
      ],
    },
    filters: listFilters,
    joined: {
      employeeName: { label: label('负责员工', '負責員工', 'Owner'), type: 'string' },
      /** The recorder's name (creatorId). */
      creatorName: { label: label('登记员工', '登記員工', 'Recorded by'), type: 'string' },
    },
    indexes: [
      // A clerk's rows newest first: PostgreSQL's index on the owner alone knows no order of ids, so
      // a clerk's page sorted all 5,000 of their rows, or walked the whole table by id for them
      // (SQLite and InnoDB keep the primary key in every index anyway). On SQLite it also holds the
      // keyword's fields: a clerk's search walks their newest rows by its LIKEs (core/crud/factory.ts,
      // walkQuery), which their index entries now decide; each row read instead sits at its own
      // place in the table (one character at 1M customers: 0.87 against 0.29 ms).
      {
        name: 'idx_customer_info_owner_search',
        columns: ['employeeId', 'id'],
        covering: ['customerCode', 'customerName', 'customerPhone', 'customerAddress', 'customerType', 'remark'],
      },
      { columns: ['storeId', 'employeeId'] },
      // The home dashboard's figures (demo/home) and the customer report (customer/report/customers:
      // taken on by the recorder creatorId, by type) read these alone, without the rows, whatever the scope.
      {
        name: 'idx_customer_info_report',
        columns: ['createTime', 'storeId', 'employeeId', 'creatorId', 'customerType'],
      },
      { columns: ['customerType', 'storeId', 'employeeId'] },
      // …and these when the scope names the owner (a clerk) or the stores (a manager, the treasurer, HR).
      { name: 'idx_customer_info_report_owner', columns: ['employeeId', 'createTime', 'customerType', 'creatorId'] },
      {
        name: 'idx_customer_info_report_store',
        columns: ['storeId', 'createTime', 'customerType', 'employeeId', 'creatorId'],
      },
    ],
    excel: {
      columns: [
        'customerCode',
        'customerName',
        'customerAge',
        'customerSex',
        'customerType',
        'customerPhone',
        'customerAddress',
        'storeName',
        'employeeId',
        'employeeNumber',
        'diseaseInformation',
        'remark',
        'customerStatus',
      ],
      // The owner (a username or staff number in the file) and the store follow the operator's rules
      // on write, as on add; the code names a row to update.
      importColumns: [
        'customerCode',
        'customerName',
        'customerAge',
        'customerSex',
        'customerType',
        'customerPhone',
        'customerAddress',
        'employeeId',
        'diseaseInformation',
        'remark',
        'customerStatus',
      ],
      importKey: 'customerCode',
      example: {
        customerName: '张三',
        customerAge: '35',
        customerSex: '男',
        customerPhone: '13800001234',
        customerAddress: '上海市黄浦区南京东路 1 号',
        remark: '老客户介绍',
        customerStatus: '正常',
      },
    },
    extra,
  });
}

const plain = declare({});
/** A draft customer, as add takes it (preCreate and create). */
const draftSchema = createSchemaOf(plain);
/**
 * create's body: the draft, and `force` to take it on although its phone number is already a
 * customer's in the chain (preCreate reported them; create refuses without it).
 */
const createSchema = plain.schemas.create.extend({ force: z.boolean().optional() }) as z.ZodType as z.ZodType<
  CreateBodyOf<typeof plain> & { force?: boolean },
  CreateBodyOf<typeof plain> & { force?: boolean }
>;

export const customerInfo = declare({
  homeBaseData: {
    method: 'get',
    summary: label('首页数据', '首頁資料', 'Home data'),
    output: returns<CustomerHomeData>(),
  },
  batchUpdate: {
    method: 'post',
    summary: label('批量修改', '批次修改', 'Update several'),
    input: z.object({
      ids: z.array(idSchema).min(1).max(CUSTOMER_BATCH_MAX),
      customerStatus: z.enum(CUSTOMER_STATUS).optional(),
      customerType: customerColumns.customerType.schema.nullable().optional(),
      remark: customerColumns.remark.schema.optional(),
      employeeId: idSchema.optional(),
    }),
    output: returns<{ count: number }>(),
  },
  batchDelete: {
    method: 'post',
    summary: label('批量删除', '批次刪除', 'Delete several'),
    input: idsSchema,
    output: returns<undefined>(),
  },
  preCreate: {
    method: 'post',
    summary: label('预检查', '預檢查', 'Check a draft'),
    input: draftSchema,
    output: returns<CustomerPreCreate>(),
  },
  create: {
    method: 'post',
    summary: label('创建', '建立', 'Create'),
    input: createSchema,
    output: returns<{ id: number; customerCode: string }>(),
  },
  findPage: {
    method: 'post',
    summary: label('分页查询', '分頁查詢', 'Find a page'),
    input: inputSchemaOf(plain.api.page),
    output: returns<PageResult<CustomerInfo>>(),
  },
  findAll: {
    method: 'post',
    summary: label('全部查询', '全部查詢', 'Find all'),
    input: inputSchemaOf(plain.api.list),
    output: returns<CustomerInfo[]>(),
  },
  details: {
    method: 'post',
    summary: label('详情', '詳情', 'Details'),
    input: z.object({ id: idSchema }),
    output: returns<CustomerDetails>(),
  },
  remove: {
    method: 'post',
    summary: label('注销', '註銷', 'Cancel'),
    input: idsSchema,
    output: returns<undefined>(),
  },
  total: {
    method: 'get',
    summary: label('总数', '總數', 'Count'),
    input: inputSchemaOf(plain.api.list),
    output: returns<number>(),
  },
  handOver: {
    method: 'post',
    summary: label('客户交接', '客戶交接', 'Hand over'),
    input: z.object({ fromEmployeeId: idSchema, toEmployeeId: idSchema }),
    output: returns<{ customers: number; invitations: number; activities: number }>(),
  },
  reveal: {
    method: 'post',
    summary: label('查看敏感信息', '查看敏感資訊', 'Show a masked field'),
    // The owner reveals her own rows with the permission to open them (issue 37; reveal.ts).
    ownRows: 'info',
    input: z.object({
      id: idSchema,
      field: z.enum(['customerPhone', 'diseaseInformation']),
      reason: z.string().trim().min(2).max(200),
    }),
    output: returns<{ value: string }>(),
  },
});

/** A customer row as page, list and info answer it (the verbs do not change the row). */
export type CustomerInfo = EntityRowOf<typeof plain>;

/** details: the customer with their invitations and activities, newest first. */
export type CustomerDetails = CustomerInfo & {
  invitations: CustomerInvitation[];
  activities: CustomerActivity[];
};

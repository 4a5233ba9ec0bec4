import { z } from 'zod';
import { col } from '../core/columns.js';
import {
  createSchemaOf,
  defineEntity,
  type EndpointDef,
  type EntityRowOf,
  idSchema,
  inputSchemaOf,
  returns,
} from '../core/entity.js';
import type { PageResult } from '../core/envelope.js';
import { AGE_MAX } from '../core/formats.js';
import { label } from '../core/i18n.js';
import { CUSTOMER_DICTS, CUSTOMER_SEX, sexLabels } from './customer-info.js';

/** The most prize photos one activity keeps (file-space URLs). */
export const PRIZE_PHOTO_MAX = 9;

function declare<X extends Record<string, EndpointDef>>(extra: X) {
  return defineEntity({
    module: 'customer',
    path: 'activity',
    entityName: 'CustomerActivityEntity',
    table: 'customer_activity',
    label: label('福利活动', '福利活動', 'Activity'),
    // The family's activity has no add: create takes its place.
    standard: ['delete', 'update', 'info', 'list', 'page'],
    columns: {
      /** The customer the activity was recorded for, when it was recorded from their details. */
      customerId: col.int({ label: label('客户', '客戶', 'Customer'), nullable: true, index: true }),
      customerName: col.string({ label: label('客户姓名', '客戶姓名', 'Customer name'), min: 1, max: 100 }),
      customerAge: col.int({ label: label('年龄', '年齡', 'Age'), nullable: true, min: 0, max: AGE_MAX }),
      customerSex: col.intEnum(CUSTOMER_SEX, {
        label: label('性别', '性別', 'Sex'),
        default: 0,
        valueLabels: sexLabels,
      }),
      customerPhone: col.string({
        label: label('手机号', '手機號', 'Phone'),
        min: 1,
        max: 20,
        sensitive: 'phone',
        format: 'phone',
      }),
      idCardType: col.string({
        label: label('证件类型', '證件類型', 'ID type'),
        nullable: true,
        max: 50,
        dict: CUSTOMER_DICTS.idCardType,
      }),
      idCardNo: col.string({
        label: label('证件号', '證件號', 'ID number'),
        nullable: true,
        max: 50,
        sensitive: 'idCard',
        // Any known form here; the form of the row's idCardType is checked on write (idNumberFits).
        format: 'idNumber',
      }),
      customerAddress: col.string({ label: label('地址', '地址', 'Address'), min: 1, max: 255 }),
      storeId: col.int({ label: label('门店', '門市', 'Store'), nullable: true, index: true }),
      storeName: col.string({ label: label('门店名称', '門市名稱', 'Store name'), nullable: true, max: 100 }),
      /** The customer's owner (the recorder's for an activity without a customer): moves at a hand-over. */
      employeeId: col.int({ label: label('负责员工', '負責員工', 'Owner'), nullable: true, index: true }),
      /** Who recorded the activity (ownership.creator): set by the server on add, never moved after. */
      creatorId: col.int({ label: label('登记员工', '登記員工', 'Recorded by'), nullable: true }),
      activityName: col.string({ label: label('活动名称', '活動名稱', 'Activity'), nullable: true, max: 100 }),
      prizeName: col.string({ label: label('奖品', '獎品', 'Prize'), nullable: true, max: 100 }),
      prizePhoto: col.json(z.array(z.string().min(1).max(500)).max(PRIZE_PHOTO_MAX), {
        label: label('奖品照片', '獎品照片', 'Prize photos'),
        nullable: true,
      }),
      remark: col.string({ label: label('备注', '備註', 'Remark'), max: 500, default: '' }),
    },
    ownership: { owner: 'employeeId', store: 'storeId', creator: 'creatorId' },
    query: {
      // The ID number too: by what its mask shows for every reader who sees the row, by any part
      // for one who may reveal it (server masked-keyword.ts).
      keyWordLikeFields: ['customerName', 'customerPhone', 'idCardNo', 'activityName', 'prizeName'],
      fieldEq: ['customerId', 'employeeId', 'storeId', 'creatorId', 'idCardType', 'customerSex'],
    },
    filters: {
      /** Activities recorded from this time on (inclusive): the home dashboard's month opens the list with it. */
      createTimeFrom: col.datetime({ label: label('登记开始', '登記開始', 'Recorded from') }).schema.optional(),
      /** Activities recorded before this time (exclusive). */
      createTimeTo: col.datetime({ label: label('登记结束', '登記結束', 'Recorded before') }).schema.optional(),
    },
    joined: {
      employeeName: { label: label('负责员工', '負責員工', 'Owner'), type: 'string' },
      creatorName: { label: label('登记员工', '登記員工', 'Recorded by'), type: 'string' },
    },
    // The activity report (customer/report/activities: by store, recorder or day, by activity and
    // prize) reads these alone, without the rows, whatever the scope; the conversion report asks, of
    // each customer invited, whether she took part in an activity in the range (customerId, createTime).
    indexes: [
      {
        name: 'idx_customer_activity_report',
        columns: ['createTime', 'storeId', 'employeeId', 'creatorId', 'activityName', 'prizeName'],
      },
      {
        name: 'idx_customer_activity_report_owner',
        columns: ['employeeId', 'createTime', 'creatorId', 'activityName', 'prizeName'],
      },
      {
        name: 'idx_customer_activity_report_store',
        columns: ['storeId', 'createTime', 'employeeId', 'creatorId', 'activityName', 'prizeName'],
      },
      { name: 'idx_customer_activity_customer_time', columns: ['customerId', 'createTime'] },
    ],
    excel: {
      columns: [
        'customerName',
        'customerAge',
        'customerSex',
        'customerPhone',
        'idCardType',
        'idCardNo',
        'customerAddress',
        'storeName',
        'activityName',
        'prizeName',
        'remark',
      ],
      importColumns: [
        'customerName',
        'customerAge',
        'customerSex',
        'customerPhone',
        'idCardType',
        'idCardNo',
        'customerAddress',
        'activityName',
        'prizeName',
        'remark',
      ],
      example: {
        customerName: '李四',
        customerAge: 60,
        customerSex: '女',
        customerPhone: '13900001234',
        customerAddress: '上海市徐汇区漕溪北路 2 号',
        activityName: '重阳节义诊',
        prizeName: '保温杯',
      },
    },
    extra,
  });
}

const plain = declare({});

export const customerActivity = declare({
  findPage: {
    method: 'post',
    summary: label('分页查询', '分頁查詢', 'Find a page'),
    input: inputSchemaOf(plain.api.page),
    output: returns<PageResult<CustomerActivity>>(),
  },
  create: {
    method: 'post',
    summary: label('创建', '建立', 'Create'),
    input: createSchemaOf(plain),
    output: returns<{ id: number }>(),
  },
  reveal: {
    method: 'post',
    summary: label('查看敏感信息', '查看敏感資訊', 'Show a masked field'),
    // The owner reveals her own rows with the permission to open them (issue 37; reveal.ts).
    ownRows: 'info',
    input: z.object({
      id: idSchema,
      field: z.enum(['customerPhone', 'idCardNo']),
      reason: z.string().trim().min(2).max(200),
    }),
    output: returns<{ value: string }>(),
  },
});

export type CustomerActivity = EntityRowOf<typeof plain>;

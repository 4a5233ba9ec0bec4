import { col } from '../core/columns.js';
import {
  createSchemaOf,
  defineEntity,
  type EndpointDef,
  type EntityRowOf,
  inputSchemaOf,
  returns,
} from '../core/entity.js';
import type { PageResult } from '../core/envelope.js';
import { label } from '../core/i18n.js';
import { CUSTOMER_DICTS } from './customer-info.js';

/**
 * The invitationStatus dictionary's values, seeded by the customer module: 1 invited, 2 visited,
 * 3 bought, 4 no-show. The column holds the value; the screen shows the dictionary's words.
 */
export const INVITATION_STATUS = ['1', '2', '3', '4'] as const;

function declare<X extends Record<string, EndpointDef>>(extra: X) {
  return defineEntity({
    module: 'customer',
    path: 'invitationRecord',
    entityName: 'CustomerInvitationRecordEntity',
    table: 'customer_invitation_record',
    label: label('邀约记录', '邀約記錄', 'Invitation'),
    columns: {
      customerStatus: col.string({
        label: label('邀约状态', '邀約狀態', 'Status'),
        max: 10,
        default: '1',
        index: true,
        dict: CUSTOMER_DICTS.invitationStatus,
      }),
      inviteTime: col.datetime({ label: label('邀约时间', '邀約時間', 'Invitation time'), index: true }),
      /** The customer invited (the family's spelling); one the operator may see. */
      customerID: col.int({ label: label('客户', '客戶', 'Customer'), index: true }),
      /** The customer's owner: follows the customer, moves at a hand-over. */
      employeeId: col.int({ label: label('负责员工', '負責員工', 'Owner'), nullable: true, index: true }),
      /** Who made the invitation (ownership.creator): set by the server on add, never moved after. */
      creatorId: col.int({ label: label('登记员工', '登記員工', 'Recorded by'), nullable: true }),
      /** Follows the customer's store. */
      storeId: col.int({ label: label('门店', '門市', 'Store'), nullable: true, index: true }),
      remark: col.string({ label: label('备注', '備註', 'Remark'), max: 500, default: '' }),
    },
    ownership: { owner: 'employeeId', store: 'storeId', creator: 'creatorId' },
    query: {
      keyWordLikeFields: ['remark'],
      fieldEq: ['customerStatus', 'customerID', 'employeeId', 'storeId', 'creatorId'],
    },
    joined: {
      customerName: { label: label('客户姓名', '客戶姓名', 'Customer name'), type: 'string' },
      /** The customer's phone, masked as the customer's own (read only; the customer's reveal shows it). */
      customerPhone: { label: label('手机号', '手機號', 'Phone'), type: 'string', sensitive: 'phone' },
      employeeName: { label: label('负责员工', '負責員工', 'Owner'), type: 'string' },
      creatorName: { label: label('登记员工', '登記員工', 'Recorded by'), type: 'string' },
      storeName: { label: label('门店名称', '門市名稱', 'Store name'), type: 'string' },
    },
    filters: {
      /** Invitations from this time on (inclusive), for the calendar's day and week. */
      inviteTimeFrom: col.datetime({ label: label('开始', '開始', 'From') }).schema.optional(),
      /** Invitations before this time (exclusive). */
      inviteTimeTo: col.datetime({ label: label('结束', '結束', 'To') }).schema.optional(),
    },
    defaultOrder: { column: 'inviteTime', sort: 'desc' },
    // An export only (invitations are made one by one, on a customer): the list's filters, the
    // scope and the masks apply as on the screen; the phone is the customer's, masked as there.
    excel: {
      import: false,
      columns: [
        'inviteTime',
        'customerStatus',
        'customerName',
        'customerPhone',
        'storeName',
        'employeeName',
        'creatorName',
        'remark',
      ],
    },
    // The home dashboard's figures (demo/home) and the reports (customer/report: invitations and
    // conversion, grouped by the recorder creatorId, counting distinct customers) read it alone,
    // without the rows, whatever the scope (issue 38: the treasurer's year by clerk walked the table).
    indexes: [
      {
        name: 'idx_customer_invitation_record_report',
        columns: ['inviteTime', 'storeId', 'employeeId', 'customerStatus', 'creatorId', 'customerID'],
      },
      // …and these when the scope names the owner (a clerk) or the stores (a manager, the treasurer, HR).
      {
        name: 'idx_customer_invitation_record_report_owner',
        columns: ['employeeId', 'inviteTime', 'customerStatus', 'creatorId', 'customerID'],
      },
      {
        name: 'idx_customer_invitation_record_report_store',
        columns: ['storeId', 'inviteTime', 'customerStatus', 'employeeId', 'creatorId', 'customerID'],
      },
    ],
    extra,
  });
}

const plain = declare({});

export const customerInvitationRecord = declare({
  findPage: {
    method: 'post',
    summary: label('分页查询', '分頁查詢', 'Find a page'),
    input: inputSchemaOf(plain.api.page),
    output: returns<PageResult<CustomerInvitation>>(),
  },
  create: {
    method: 'post',
    summary: label('创建', '建立', 'Create'),
    input: createSchemaOf(plain),
    output: returns<{ id: number }>(),
  },
});

export type CustomerInvitation = EntityRowOf<typeof plain>;

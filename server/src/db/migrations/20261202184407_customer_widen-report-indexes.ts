// 20261202184407_customer_widen-report-indexes: written 2026-12-02 by `npm run db:migration`
// from the declarations as they were then: the home dashboard's covering indexes of customers and
// invitations widened by the recorder (creatorId) and the invited customer (customerID), and the
// activities' own, so that the reports (customer/report, issue 38) read them alone at a chain's
// size (docs/benchmarks.md, "Reports (issue 38)"). Frozen: never edit it; a later change to a declaration
// gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'dropIndex',
      table: 'customer_info',
      index: {
        name: 'idx_customer_info_createTime_storeId_employeeId',
        columns: ['createTime', 'storeId', 'employeeId'],
        unique: false,
      },
    },
    {
      op: 'dropIndex',
      table: 'customer_info',
      index: {
        name: 'idx_customer_info_home_owner',
        columns: ['employeeId', 'createTime', 'customerType'],
        unique: false,
      },
    },
    {
      op: 'dropIndex',
      table: 'customer_info',
      index: {
        name: 'idx_customer_info_home_store',
        columns: ['storeId', 'createTime', 'customerType', 'employeeId'],
        unique: false,
      },
    },
    {
      op: 'createIndex',
      table: 'customer_info',
      index: {
        name: 'idx_customer_info_report',
        columns: ['createTime', 'storeId', 'employeeId', 'creatorId', 'customerType'],
        unique: false,
      },
    },
    {
      op: 'createIndex',
      table: 'customer_info',
      index: {
        name: 'idx_customer_info_report_owner',
        columns: ['employeeId', 'createTime', 'customerType', 'creatorId'],
        unique: false,
      },
    },
    {
      op: 'createIndex',
      table: 'customer_info',
      index: {
        name: 'idx_customer_info_report_store',
        columns: ['storeId', 'createTime', 'customerType', 'employeeId', 'creatorId'],
        unique: false,
      },
    },
    {
      op: 'dropIndex',
      table: 'customer_invitation_record',
      index: {
        name: 'idx_customer_invitation_record_home',
        columns: ['inviteTime', 'storeId', 'employeeId', 'customerStatus'],
        unique: false,
      },
    },
    {
      op: 'dropIndex',
      table: 'customer_invitation_record',
      index: {
        name: 'idx_customer_invitation_record_home_owner',
        columns: ['employeeId', 'inviteTime', 'customerStatus'],
        unique: false,
      },
    },
    {
      op: 'dropIndex',
      table: 'customer_invitation_record',
      index: {
        name: 'idx_customer_invitation_record_home_store',
        columns: ['storeId', 'inviteTime', 'customerStatus', 'employeeId'],
        unique: false,
      },
    },
    {
      op: 'createIndex',
      table: 'customer_invitation_record',
      index: {
        name: 'idx_customer_invitation_record_report',
        columns: ['inviteTime', 'storeId', 'employeeId', 'customerStatus', 'creatorId', 'customerID'],
        unique: false,
      },
    },
    {
      op: 'createIndex',
      table: 'customer_invitation_record',
      index: {
        name: 'idx_customer_invitation_record_report_owner',
        columns: ['employeeId', 'inviteTime', 'customerStatus', 'creatorId', 'customerID'],
        unique: false,
      },
    },
    {
      op: 'createIndex',
      table: 'customer_invitation_record',
      index: {
        name: 'idx_customer_invitation_record_report_store',
        columns: ['storeId', 'inviteTime', 'customerStatus', 'employeeId', 'creatorId', 'customerID'],
        unique: false,
      },
    },
    {
      op: 'createIndex',
      table: 'customer_activity',
      index: {
        name: 'idx_customer_activity_report',
        columns: ['createTime', 'storeId', 'employeeId', 'creatorId', 'activityName', 'prizeName'],
        unique: false,
      },
    },
    {
      op: 'createIndex',
      table: 'customer_activity',
      index: {
        name: 'idx_customer_activity_report_owner',
        columns: ['employeeId', 'createTime', 'creatorId', 'activityName', 'prizeName'],
        unique: false,
      },
    },
    {
      op: 'createIndex',
      table: 'customer_activity',
      index: {
        name: 'idx_customer_activity_report_store',
        columns: ['storeId', 'createTime', 'employeeId', 'creatorId', 'activityName', 'prizeName'],
        unique: false,
      },
    },
    {
      op: 'createIndex',
      table: 'customer_activity',
      index: {
        name: 'idx_customer_activity_customer_time',
        columns: ['customerId', 'createTime'],
        unique: false,
      },
    },
  ],
  sql: {
    sqlite: [
      'drop index "idx_customer_info_createTime_storeId_employeeId"',
      'drop index "idx_customer_info_home_owner"',
      'drop index "idx_customer_info_home_store"',
      'create index "idx_customer_info_report" on "customer_info" ("createTime", "storeId", "employeeId", "creatorId", "customerType")',
      'create index "idx_customer_info_report_owner" on "customer_info" ("employeeId", "createTime", "customerType", "creatorId")',
      'create index "idx_customer_info_report_store" on "customer_info" ("storeId", "createTime", "customerType", "employeeId", "creatorId")',
      'drop index "idx_customer_invitation_record_home"',
      'drop index "idx_customer_invitation_record_home_owner"',
      'drop index "idx_customer_invitation_record_home_store"',
      'create index "idx_customer_invitation_record_report" on "customer_invitation_record" ("inviteTime", "storeId", "employeeId", "customerStatus", "creatorId", "customerID")',
      'create index "idx_customer_invitation_record_report_owner" on "customer_invitation_record" ("employeeId", "inviteTime", "customerStatus", "creatorId", "customerID")',
      'create index "idx_customer_invitation_record_report_store" on "customer_invitation_record" ("storeId", "inviteTime", "customerStatus", "employeeId", "creatorId", "customerID")',
      'create index "idx_customer_activity_report" on "customer_activity" ("createTime", "storeId", "employeeId", "creatorId", "activityName", "prizeName")',
      'create index "idx_customer_activity_report_owner" on "customer_activity" ("employeeId", "createTime", "creatorId", "activityName", "prizeName")',
      'create index "idx_customer_activity_report_store" on "customer_activity" ("storeId", "createTime", "employeeId", "creatorId", "activityName", "prizeName")',
      'create index "idx_customer_activity_customer_time" on "customer_activity" ("customerId", "createTime")',
    ],
    postgres: [
      'drop index "idx_customer_info_createTime_storeId_employeeId"',
      'drop index "idx_customer_info_home_owner"',
      'drop index "idx_customer_info_home_store"',
      'create index "idx_customer_info_report" on "customer_info" ("createTime", "storeId", "employeeId", "creatorId", "customerType")',
      'create index "idx_customer_info_report_owner" on "customer_info" ("employeeId", "createTime", "customerType", "creatorId")',
      'create index "idx_customer_info_report_store" on "customer_info" ("storeId", "createTime", "customerType", "employeeId", "creatorId")',
      'drop index "idx_customer_invitation_record_home"',
      'drop index "idx_customer_invitation_record_home_owner"',
      'drop index "idx_customer_invitation_record_home_store"',
      'create index "idx_customer_invitation_record_report" on "customer_invitation_record" ("inviteTime", "storeId", "employeeId", "customerStatus", "creatorId", "customerID")',
      'create index "idx_customer_invitation_record_report_owner" on "customer_invitation_record" ("employeeId", "inviteTime", "customerStatus", "creatorId", "customerID")',
      'create index "idx_customer_invitation_record_report_store" on "customer_invitation_record" ("storeId", "inviteTime", "customerStatus", "employeeId", "creatorId", "customerID")',
      'create index "idx_customer_activity_report" on "customer_activity" ("createTime", "storeId", "employeeId", "creatorId", "activityName", "prizeName")',
      'create index "idx_customer_activity_report_owner" on "customer_activity" ("employeeId", "createTime", "creatorId", "activityName", "prizeName")',
      'create index "idx_customer_activity_report_store" on "customer_activity" ("storeId", "createTime", "employeeId", "creatorId", "activityName", "prizeName")',
      'create index "idx_customer_activity_customer_time" on "customer_activity" ("customerId", "createTime")',
    ],
    mysql: [
      'drop index `idx_customer_info_createTime_storeId_employeeId` on `customer_info`',
      'drop index `idx_customer_info_home_owner` on `customer_info`',
      'drop index `idx_customer_info_home_store` on `customer_info`',
      'create index `idx_customer_info_report` on `customer_info` (`createTime`, `storeId`, `employeeId`, `creatorId`, `customerType`)',
      'create index `idx_customer_info_report_owner` on `customer_info` (`employeeId`, `createTime`, `customerType`, `creatorId`)',
      'create index `idx_customer_info_report_store` on `customer_info` (`storeId`, `createTime`, `customerType`, `employeeId`, `creatorId`)',
      'drop index `idx_customer_invitation_record_home` on `customer_invitation_record`',
      'drop index `idx_customer_invitation_record_home_owner` on `customer_invitation_record`',
      'drop index `idx_customer_invitation_record_home_store` on `customer_invitation_record`',
      'create index `idx_customer_invitation_record_report` on `customer_invitation_record` (`inviteTime`, `storeId`, `employeeId`, `customerStatus`, `creatorId`, `customerID`)',
      'create index `idx_customer_invitation_record_report_owner` on `customer_invitation_record` (`employeeId`, `inviteTime`, `customerStatus`, `creatorId`, `customerID`)',
      'create index `idx_customer_invitation_record_report_store` on `customer_invitation_record` (`storeId`, `inviteTime`, `customerStatus`, `employeeId`, `creatorId`, `customerID`)',
      'create index `idx_customer_activity_report` on `customer_activity` (`createTime`, `storeId`, `employeeId`, `creatorId`, `activityName`, `prizeName`)',
      'create index `idx_customer_activity_report_owner` on `customer_activity` (`employeeId`, `createTime`, `creatorId`, `activityName`, `prizeName`)',
      'create index `idx_customer_activity_report_store` on `customer_activity` (`storeId`, `createTime`, `employeeId`, `creatorId`, `activityName`, `prizeName`)',
      'create index `idx_customer_activity_customer_time` on `customer_activity` (`customerId`, `createTime`)',
    ],
  },
};

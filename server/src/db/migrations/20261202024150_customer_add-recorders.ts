// 20261202024150_customer_add-recorders: written 2026-12-02 by `npm run db:migration`
// from the declarations as they were then, with the backfill added by hand: every customer,
// invitation and activity gets its recorder (creatorId, ownership.creator). The best evidence is
// the request log's add of the row: the call (info add or create, invitationRecord add or create,
// activity create) of a signed-in user, logged within 120 s after the row's createTime, whose
// logged body names the row (the customer's name; the invitation's customerID; the activity's
// customerName), the earliest if several; the log keeps 31 days by default, so older rows (and a
// name the log wrote escaped) take the current owner (employeeId) instead (docs/architecture.md,
// "Owner and recorder"). On MariaDB the pattern takes the tables' collation (utf8mb4_unicode_520_ci).
// Frozen: never edit it; a later change to a declaration gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'addColumn',
      table: 'customer_info',
      column: { name: 'creatorId', type: 'integer', nullable: true },
    },
    {
      op: 'addColumn',
      table: 'customer_invitation_record',
      column: { name: 'creatorId', type: 'integer', nullable: true },
    },
    {
      op: 'addColumn',
      table: 'customer_activity',
      column: { name: 'creatorId', type: 'integer', nullable: true },
    },
  ],
  sql: {
    sqlite: [
      'alter table "customer_info" add column "creatorId" integer',
      'alter table "customer_invitation_record" add column "creatorId" integer',
      'alter table "customer_activity" add column "creatorId" integer',
      'update "customer_info" set "creatorId" = coalesce((select l."userId" from "base_sys_log" l where l."createTime" >= "customer_info"."createTime" and l."createTime" <= datetime("customer_info"."createTime", \'+120 seconds\') and l."action" in (\'/admin/customer/info/add\', \'/admin/customer/info/create\') and l."userId" is not null and (l."params" like (\'%"customerName":"\' || "customer_info"."customerName" || \'"%\')) order by l."createTime", l."id" limit 1), "customer_info"."employeeId") where "creatorId" is null',
      'update "customer_invitation_record" set "creatorId" = coalesce((select l."userId" from "base_sys_log" l where l."createTime" >= "customer_invitation_record"."createTime" and l."createTime" <= datetime("customer_invitation_record"."createTime", \'+120 seconds\') and l."action" in (\'/admin/customer/invitationRecord/add\', \'/admin/customer/invitationRecord/create\') and l."userId" is not null and (l."params" like (\'%"customerID":\' || cast("customer_invitation_record"."customerID" as text) || \',%\') or l."params" like (\'%"customerID":\' || cast("customer_invitation_record"."customerID" as text) || \'}%\')) order by l."createTime", l."id" limit 1), "customer_invitation_record"."employeeId") where "creatorId" is null',
      'update "customer_activity" set "creatorId" = coalesce((select l."userId" from "base_sys_log" l where l."createTime" >= "customer_activity"."createTime" and l."createTime" <= datetime("customer_activity"."createTime", \'+120 seconds\') and l."action" in (\'/admin/customer/activity/create\') and l."userId" is not null and (l."params" like (\'%"customerName":"\' || "customer_activity"."customerName" || \'"%\')) order by l."createTime", l."id" limit 1), "customer_activity"."employeeId") where "creatorId" is null',
    ],
    postgres: [
      'alter table "customer_info" add column "creatorId" integer',
      'alter table "customer_invitation_record" add column "creatorId" integer',
      'alter table "customer_activity" add column "creatorId" integer',
      'update "customer_info" set "creatorId" = coalesce((select l."userId" from "base_sys_log" l where l."createTime" >= "customer_info"."createTime" and l."createTime" <= to_char(to_timestamp("customer_info"."createTime", \'YYYY-MM-DD HH24:MI:SS\') + interval \'120 seconds\', \'YYYY-MM-DD HH24:MI:SS\') and l."action" in (\'/admin/customer/info/add\', \'/admin/customer/info/create\') and l."userId" is not null and (l."params" like (\'%"customerName":"\' || "customer_info"."customerName" || \'"%\')) order by l."createTime", l."id" limit 1), "customer_info"."employeeId") where "creatorId" is null',
      'update "customer_invitation_record" set "creatorId" = coalesce((select l."userId" from "base_sys_log" l where l."createTime" >= "customer_invitation_record"."createTime" and l."createTime" <= to_char(to_timestamp("customer_invitation_record"."createTime", \'YYYY-MM-DD HH24:MI:SS\') + interval \'120 seconds\', \'YYYY-MM-DD HH24:MI:SS\') and l."action" in (\'/admin/customer/invitationRecord/add\', \'/admin/customer/invitationRecord/create\') and l."userId" is not null and (l."params" like (\'%"customerID":\' || cast("customer_invitation_record"."customerID" as varchar) || \',%\') or l."params" like (\'%"customerID":\' || cast("customer_invitation_record"."customerID" as varchar) || \'}%\')) order by l."createTime", l."id" limit 1), "customer_invitation_record"."employeeId") where "creatorId" is null',
      'update "customer_activity" set "creatorId" = coalesce((select l."userId" from "base_sys_log" l where l."createTime" >= "customer_activity"."createTime" and l."createTime" <= to_char(to_timestamp("customer_activity"."createTime", \'YYYY-MM-DD HH24:MI:SS\') + interval \'120 seconds\', \'YYYY-MM-DD HH24:MI:SS\') and l."action" in (\'/admin/customer/activity/create\') and l."userId" is not null and (l."params" like (\'%"customerName":"\' || "customer_activity"."customerName" || \'"%\')) order by l."createTime", l."id" limit 1), "customer_activity"."employeeId") where "creatorId" is null',
    ],
    mysql: [
      'alter table `customer_info` add column `creatorId` integer',
      'alter table `customer_invitation_record` add column `creatorId` integer',
      'alter table `customer_activity` add column `creatorId` integer',
      "update `customer_info` set `creatorId` = coalesce((select l.`userId` from `base_sys_log` l where l.`createTime` >= `customer_info`.`createTime` and l.`createTime` <= date_format(date_add(`customer_info`.`createTime`, interval 120 second), '%Y-%m-%d %H:%i:%s') and l.`action` in ('/admin/customer/info/add', '/admin/customer/info/create') and l.`userId` is not null and (l.`params` like concat('%\"customerName\":\"', `customer_info`.`customerName`, '\"%') collate utf8mb4_unicode_520_ci) order by l.`createTime`, l.`id` limit 1), `customer_info`.`employeeId`) where `creatorId` is null",
      "update `customer_invitation_record` set `creatorId` = coalesce((select l.`userId` from `base_sys_log` l where l.`createTime` >= `customer_invitation_record`.`createTime` and l.`createTime` <= date_format(date_add(`customer_invitation_record`.`createTime`, interval 120 second), '%Y-%m-%d %H:%i:%s') and l.`action` in ('/admin/customer/invitationRecord/add', '/admin/customer/invitationRecord/create') and l.`userId` is not null and (l.`params` like concat('%\"customerID\":', cast(`customer_invitation_record`.`customerID` as char), ',%') collate utf8mb4_unicode_520_ci or l.`params` like concat('%\"customerID\":', cast(`customer_invitation_record`.`customerID` as char), '}%') collate utf8mb4_unicode_520_ci) order by l.`createTime`, l.`id` limit 1), `customer_invitation_record`.`employeeId`) where `creatorId` is null",
      "update `customer_activity` set `creatorId` = coalesce((select l.`userId` from `base_sys_log` l where l.`createTime` >= `customer_activity`.`createTime` and l.`createTime` <= date_format(date_add(`customer_activity`.`createTime`, interval 120 second), '%Y-%m-%d %H:%i:%s') and l.`action` in ('/admin/customer/activity/create') and l.`userId` is not null and (l.`params` like concat('%\"customerName\":\"', `customer_activity`.`customerName`, '\"%') collate utf8mb4_unicode_520_ci) order by l.`createTime`, l.`id` limit 1), `customer_activity`.`employeeId`) where `creatorId` is null",
    ],
  },
};

// 20261128120100_customer_align-records-to-customers: written 2026-11-28 by hand (no declaration changed, so `npm run db:migration` has
// nothing to write): an invitation's and an activity's owner and store were their recorder's;
// they are their customer's now (modules/customer/invitation.service.ts, activity.service.ts), so
// the rows recorded before take their customer's owner and store. Rows without a customer stay.
// Frozen: never edit it; a later change gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [],
  sql: {
    sqlite: [
      'update "customer_invitation_record" set "employeeId" = (select c."employeeId" from "customer_info" c where c."id" = "customer_invitation_record"."customerID"), "storeId" = (select c."storeId" from "customer_info" c where c."id" = "customer_invitation_record"."customerID") where exists (select 1 from "customer_info" c where c."id" = "customer_invitation_record"."customerID")',
      'update "customer_activity" set "employeeId" = (select c."employeeId" from "customer_info" c where c."id" = "customer_activity"."customerId"), "storeId" = (select c."storeId" from "customer_info" c where c."id" = "customer_activity"."customerId"), "storeName" = (select c."storeName" from "customer_info" c where c."id" = "customer_activity"."customerId") where exists (select 1 from "customer_info" c where c."id" = "customer_activity"."customerId")',
    ],
    postgres: [
      'update "customer_invitation_record" set "employeeId" = (select c."employeeId" from "customer_info" c where c."id" = "customer_invitation_record"."customerID"), "storeId" = (select c."storeId" from "customer_info" c where c."id" = "customer_invitation_record"."customerID") where exists (select 1 from "customer_info" c where c."id" = "customer_invitation_record"."customerID")',
      'update "customer_activity" set "employeeId" = (select c."employeeId" from "customer_info" c where c."id" = "customer_activity"."customerId"), "storeId" = (select c."storeId" from "customer_info" c where c."id" = "customer_activity"."customerId"), "storeName" = (select c."storeName" from "customer_info" c where c."id" = "customer_activity"."customerId") where exists (select 1 from "customer_info" c where c."id" = "customer_activity"."customerId")',
    ],
    mysql: [
      'update `customer_invitation_record` set `employeeId` = (select c.`employeeId` from `customer_info` c where c.`id` = `customer_invitation_record`.`customerID`), `storeId` = (select c.`storeId` from `customer_info` c where c.`id` = `customer_invitation_record`.`customerID`) where exists (select 1 from `customer_info` c where c.`id` = `customer_invitation_record`.`customerID`)',
      'update `customer_activity` set `employeeId` = (select c.`employeeId` from `customer_info` c where c.`id` = `customer_activity`.`customerId`), `storeId` = (select c.`storeId` from `customer_info` c where c.`id` = `customer_activity`.`customerId`), `storeName` = (select c.`storeName` from `customer_info` c where c.`id` = `customer_activity`.`customerId`) where exists (select 1 from `customer_info` c where c.`id` = `customer_activity`.`customerId`)',
    ],
  },
};

// 20261128120000_space_grant-clerk-uploads: written 2026-11-28 by hand (no declaration changed, so `npm run db:migration` has
// nothing to write): the seeded clerk role (label `clerk`) gets the hidden permission row the file
// picker needs (space info page/list/info/add, type list/add), with its directory, on installs
// seeded before clerks could attach photos; the file space limits a clerk to their own files
// (modules/space/space-info.service.ts). New installs get it from the customer module's seed.
// Frozen: never edit it; a later change gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [],
  sql: {
    sqlite: [
      'insert into "base_sys_role_menu" ("roleId", "menuId") select r."id", m."id" from "base_sys_role" r, "base_sys_menu" m where r."label" = \'clerk\' and m."type" = 2 and m."perms" = \'space:info:page,space:info:list,space:info:info,space:info:add,space:type:list,space:type:add\' and not exists (select 1 from "base_sys_role_menu" x where x."roleId" = r."id" and x."menuId" = m."id")',
      'insert into "base_sys_role_menu" ("roleId", "menuId") select distinct r."id", p."id" from "base_sys_role" r, "base_sys_menu" m, "base_sys_menu" p where p."id" = m."parentId" and r."label" = \'clerk\' and m."type" = 2 and m."perms" = \'space:info:page,space:info:list,space:info:info,space:info:add,space:type:list,space:type:add\' and not exists (select 1 from "base_sys_role_menu" x where x."roleId" = r."id" and x."menuId" = p."id")',
    ],
    postgres: [
      'insert into "base_sys_role_menu" ("roleId", "menuId") select r."id", m."id" from "base_sys_role" r, "base_sys_menu" m where r."label" = \'clerk\' and m."type" = 2 and m."perms" = \'space:info:page,space:info:list,space:info:info,space:info:add,space:type:list,space:type:add\' and not exists (select 1 from "base_sys_role_menu" x where x."roleId" = r."id" and x."menuId" = m."id")',
      'insert into "base_sys_role_menu" ("roleId", "menuId") select distinct r."id", p."id" from "base_sys_role" r, "base_sys_menu" m, "base_sys_menu" p where p."id" = m."parentId" and r."label" = \'clerk\' and m."type" = 2 and m."perms" = \'space:info:page,space:info:list,space:info:info,space:info:add,space:type:list,space:type:add\' and not exists (select 1 from "base_sys_role_menu" x where x."roleId" = r."id" and x."menuId" = p."id")',
    ],
    mysql: [
      "insert into `base_sys_role_menu` (`roleId`, `menuId`) select r.`id`, m.`id` from `base_sys_role` r, `base_sys_menu` m where r.`label` = 'clerk' and m.`type` = 2 and m.`perms` = 'space:info:page,space:info:list,space:info:info,space:info:add,space:type:list,space:type:add' and not exists (select 1 from `base_sys_role_menu` x where x.`roleId` = r.`id` and x.`menuId` = m.`id`)",
      "insert into `base_sys_role_menu` (`roleId`, `menuId`) select distinct r.`id`, p.`id` from `base_sys_role` r, `base_sys_menu` m, `base_sys_menu` p where p.`id` = m.`parentId` and r.`label` = 'clerk' and m.`type` = 2 and m.`perms` = 'space:info:page,space:info:list,space:info:info,space:info:add,space:type:list,space:type:add' and not exists (select 1 from `base_sys_role_menu` x where x.`roleId` = r.`id` and x.`menuId` = p.`id`)",
    ],
  },
};

// 20261128115655_space_add-uploader: written 2026-11-28 by `npm run db:migration`
// from the declarations as they were then. Frozen: never edit it; a later change to a declaration
// gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = {
  changes: [
    {
      op: 'addColumn',
      table: 'space_info',
      column: { name: 'userId', type: 'integer', nullable: true },
    },
    {
      op: 'createIndex',
      table: 'space_info',
      index: {
        name: 'idx_space_info_userId',
        columns: ['userId'],
        unique: false,
      },
    },
  ],
  sql: {
    sqlite: [
      'alter table "space_info" add column "userId" integer',
      'create index "idx_space_info_userId" on "space_info" ("userId")',
    ],
    postgres: [
      'alter table "space_info" add column "userId" integer',
      'create index "idx_space_info_userId" on "space_info" ("userId")',
    ],
    mysql: [
      'alter table `space_info` add column `userId` integer',
      'create index `idx_space_info_userId` on `space_info` (`userId`)',
    ],
  },
};

import { customerActivity, customerInfo, customerInvitationRecord } from '@backroom/contract';
import type { SeedStep } from '../../core/db/seeds.js';
import { grantMenusToRolesHolding, pageAndRows } from './report.repository.js';

/**
 * The reports go to whoever keeps the books: every role that may export customers or activities
 * (the starter chain's store managers and treasurer, and a role of an operator's own with that right) gets the
 * reports page, viewing and exporting, once, on a new install as on an upgraded one. The
 * superuser holds every permission anyway.
 */
export function grantReportsSeed(): SeedStep {
  return {
    module: 'customer',
    name: 'report-roles',
    when: { once: '1' },
    run: async (trx) => {
      const reports = await pageAndRows(trx, '/customer/report');
      await grantMenusToRolesHolding(trx, customerInfo.perms.export, reports);
      await grantMenusToRolesHolding(trx, customerActivity.perms.export, reports);
    },
  };
}

/**
 * The invitation export, added after the starter roles were seeded: every role that may export
 * customers and read the invitation list (a store manager, a role of an operator's own with both)
 * gets the invitation page's export row, once, on an upgraded install as on a new one.
 */
export function invitationExportSeed(): SeedStep {
  return {
    module: 'customer',
    name: 'invitation-export-roles',
    when: { once: '1' },
    run: async (trx) => {
      const row = await trx
        .selectFrom('base_sys_menu')
        .select('id')
        .where('type', '=', 2)
        .where('perms', 'like', `%${customerInvitationRecord.perms.export}%`)
        .orderBy('id')
        .executeTakeFirst();
      if (!row) return;
      await grantMenusToRolesHolding(trx, [customerInfo.perms.export, customerInvitationRecord.perms.page], [row.id]);
    },
  };
}

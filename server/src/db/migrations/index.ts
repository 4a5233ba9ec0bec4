import type { MigrationList } from '../../core/db/migrator.js';
import { migration as m20261122000000 } from './20261122000000_base_create-tables.js';
import { migration as m20261122000300 } from './20261122000300_recycle_create-tables.js';
import { migration as m20261122000400 } from './20261122000400_dict_create-tables.js';
import { migration as m20261122000500 } from './20261122000500_task_create-tables.js';
import { migration as m20261122000600 } from './20261122000600_space_create-tables.js';
import { migration as m20261125040007 } from './20261125040007_base_add-department-store.js';
import { migration as m20261125040009 } from './20261125040009_customer_create-tables.js';
import { migration as m20261125041000 } from './20261125041000_customer_add-text-index.js';
import { migration as m20261125043226 } from './20261125043226_customer_reshape-text-index.js';
import { migration as m20261126094233 } from './20261126094233_base_add-password-policy.js';
import { migration as m20261126094307 } from './20261126094307_base_create-session.js';
import { migration as m20261126102204 } from './20261126102204_base_add-two-factor.js';
import { migration as m20261126102544 } from './20261126102544_customer_add-identifier-grams.js';
import { migration as m20261126130556 } from './20261126130556_plugin_create-tables.js';
import { migration as m20261126130607 } from './20261126130607_base_add-wecom-user-id.js';
import { migration as m20261126130629 } from './20261126130629_user_create-tables.js';
import { migration as m20261126130639 } from './20261126130639_customer_add-dashboard-indexes.js';
import { migration as m20261126130719 } from './20261126130719_base_add-user-tenant.js';
import { migration as m20261126131937 } from './20261126131937_demo_create-tables.js';
import { migration as m20261126133804 } from './20261126133804_customer_add-dashboard-scope-indexes.js';
import { migration as m20261126165545 } from './20261126165545_customer_add-keyword-pairs.js';
import { migration as m20261126195250 } from './20261126195250_customer_insert-keyword-pieces-plainly.js';
import { migration as m20261127000744 } from './20261127000744_customer_sample-keyword-pieces-finer.js';
import { migration as m20261127013856 } from './20261127013856_customer_index-owners-by-id.js';
import { migration as m20261127043210 } from './20261127043210_customer_index-owner-search-fields.js';
import { migration as m20261128115655 } from './20261128115655_space_add-uploader.js';
import { migration as m20261128120000 } from './20261128120000_space_grant-clerk-uploads.js';
import { migration as m20261128120100 } from './20261128120100_customer_align-records-to-customers.js';
import { migration as m20261128151700 } from './20261128151700_base_create-move-in.js';
import { migration as m20261201231000 } from './20261201231000_base_restore-family-view-paths.js';
import { migration as m20261201231115 } from './20261201231115_base_create-bus-events.js';
import { migration as m20261201231941 } from './20261201231941_user_widen-address-phone.js';
import { migration as m20261201232000 } from './20261201232000_base_normalise-phones.js';
import { migration as m20261202024105 } from './20261202024105_dict_add-item-labels.js';
import { migration as m20261202024150 } from './20261202024150_customer_add-recorders.js';
import { migration as m20261202024356 } from './20261202024356_base_create-messages.js';
import { migration as m20261202024439 } from './20261202024439_base_create-audit.js';
import { migration as m20261202024445 } from './20261202024445_base_add-log-outcomes.js';
import { migration as m20261202184407 } from './20261202184407_customer_widen-report-indexes.js';
import { migration as m20261203072717 } from './20261203072717_base_create-audit-inbox.js';

/** Every migration, in the order they run; `npm run db:migration` adds new ones at the end. */
export const MIGRATIONS: MigrationList = {
  '20261122000000_base_create-tables': m20261122000000,
  '20261122000300_recycle_create-tables': m20261122000300,
  '20261122000400_dict_create-tables': m20261122000400,
  '20261122000500_task_create-tables': m20261122000500,
  '20261122000600_space_create-tables': m20261122000600,
  '20261125040007_base_add-department-store': m20261125040007,
  '20261125040009_customer_create-tables': m20261125040009,
  '20261125041000_customer_add-text-index': m20261125041000,
  '20261125043226_customer_reshape-text-index': m20261125043226,
  '20261126094233_base_add-password-policy': m20261126094233,
  '20261126094307_base_create-session': m20261126094307,
  '20261126102204_base_add-two-factor': m20261126102204,
  '20261126102544_customer_add-identifier-grams': m20261126102544,
  '20261126130556_plugin_create-tables': m20261126130556,
  '20261126130607_base_add-wecom-user-id': m20261126130607,
  '20261126130629_user_create-tables': m20261126130629,
  '20261126130639_customer_add-dashboard-indexes': m20261126130639,
  '20261126130719_base_add-user-tenant': m20261126130719,
  '20261126131937_demo_create-tables': m20261126131937,
  '20261126133804_customer_add-dashboard-scope-indexes': m20261126133804,
  '20261126165545_customer_add-keyword-pairs': m20261126165545,
  '20261126195250_customer_insert-keyword-pieces-plainly': m20261126195250,
  '20261127000744_customer_sample-keyword-pieces-finer': m20261127000744,
  '20261127013856_customer_index-owners-by-id': m20261127013856,
  '20261127043210_customer_index-owner-search-fields': m20261127043210,
  '20261128115655_space_add-uploader': m20261128115655,
  '20261128120000_space_grant-clerk-uploads': m20261128120000,
  '20261128120100_customer_align-records-to-customers': m20261128120100,
  '20261128151700_base_create-move-in': m20261128151700,
  '20261201231000_base_restore-family-view-paths': m20261201231000,
  '20261201231115_base_create-bus-events': m20261201231115,
  '20261201231941_user_widen-address-phone': m20261201231941,
  '20261201232000_base_normalise-phones': m20261201232000,
  '20261202024105_dict_add-item-labels': m20261202024105,
  '20261202024150_customer_add-recorders': m20261202024150,
  '20261202024356_base_create-messages': m20261202024356,
  '20261202024439_base_create-audit': m20261202024439,
  '20261202024445_base_add-log-outcomes': m20261202024445,
  '20261202184407_customer_widen-report-indexes': m20261202184407,
  '20261203072717_base_create-audit-inbox': m20261203072717,
};

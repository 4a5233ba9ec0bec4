import { col } from '../core/columns.js';
import { defineEntity, returns } from '../core/entity.js';
import { label } from '../core/i18n.js';

/** A row of the tenant demo as its three verbs answer it: with the tenant it belongs to. */
export type DemoTenantRow = {
  id: number;
  title: string;
  remark: string | null;
  tenantId: number | null;
  createTime: string;
  updateTime: string;
};

/** What `noTenant` answers: rows of an entity kept without tenants (the demo goods). */
export type DemoUntenantedRow = { id: number; title: string; createTime: string };

/**
 * The tenant demo (docs/spec.md §7 demo/tenant): an entity declared with `tenant: true`, whose rows
 * the CRUD factory keeps per tenant on every standard call, and three verbs that show it: `use`
 * (the caller's tenant's rows), `noUse` (the same query with the tenant filter off: a superuser's
 * only) and `noTenant` (a query on an entity without tenants).
 */
export const demoTenant = defineEntity({
  module: 'demo',
  path: 'tenant',
  entityName: 'DemoTenantEntity',
  table: 'demo_tenant',
  label: label('租户示例', '租戶示例', 'Tenant demo'),
  tenant: true,
  columns: {
    title: col.string({ label: label('标题', '標題', 'Title'), min: 1, max: 50 }),
    remark: col.string({ label: label('备注', '備註', 'Remark'), nullable: true, max: 255 }),
  },
  query: { keyWordLikeFields: ['title', 'remark'] },
  extra: {
    use: {
      method: 'post',
      summary: label('本租户的数据', '本租戶的資料', "The caller's tenant's rows"),
      output: returns<DemoTenantRow[]>(),
    },
    noUse: {
      method: 'post',
      summary: label('不过滤租户（超级管理员）', '不過濾租戶（超級管理員）', 'Every tenant’s rows (superuser)'),
      output: returns<DemoTenantRow[]>(),
    },
    noTenant: {
      method: 'post',
      summary: label('无租户的实体', '無租戶的實體', 'An entity without tenants'),
      output: returns<DemoUntenantedRow[]>(),
    },
  },
});

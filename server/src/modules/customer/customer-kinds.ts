import { type Label, type Locale, label } from '@backroom/contract';
import type { MessageCenter } from '../../core/message-center.js';
import { sayIn } from '../../core/message-center.js';

/** The message kinds of the customer module: reminders, no-shows, hand-overs, changes by others. */
export const CUSTOMER_KINDS = {
  visitTomorrow: 'visitTomorrow',
  visitToday: 'visitToday',
  noShow: 'noShow',
  noShowSummary: 'noShowSummary',
  handOver: 'handOver',
  customerChanged: 'customerChanged',
} as const;

const T = {
  visitTomorrow: label('明日到访 {count} 位', '明日到訪 {count} 位', "Tomorrow's visits: {count}"),
  visitToday: label('今日到访 {count} 位', '今日到訪 {count} 位', "Today's visits: {count}"),
  noShow: label('{count} 位客户未到店', '{count} 位客戶未到店', '{count} customers did not come'),
  noShowBody: label('{day} 的邀约：{list}', '{day} 的邀約：{list}', 'Invited for {day}: {list}'),
  noShowSummary: label('{store}：{count} 位未到店', '{store}：{count} 位未到店', '{store}: {count} no-shows'),
  noShowSummaryBody: label(
    '{day} 邀约未到店的客户共 {count} 位',
    '{day} 邀約未到店的客戶共 {count} 位',
    '{count} invited customers did not come on {day}',
  ),
  handOver: label('客户交接给了 {to}', '客戶交接給了 {to}', 'Customers handed over to {to}'),
  handOverBody: label(
    '{from} 的 {customers} 位客户和 {invitations} 条邀约现在归 {to}',
    '{from} 的 {customers} 位客戶和 {invitations} 筆邀約現在歸 {to}',
    "{from}'s {customers} customers and {invitations} invitations are now {to}'s",
  ),
  changed: label('{by} 修改了 {record}', '{by} 修改了 {record}', '{by} changed {record}'),
  changedBody: label('{what}：{fields}', '{what}：{fields}', '{what}: {fields}'),
  changedMany: label(
    '{by} 修改了你的 {count} 条记录',
    '{by} 修改了你的 {count} 筆記錄',
    '{by} changed {count} of your records',
  ),
  changedManyBody: label(
    '{what}：{fields}（{records}）',
    '{what}：{fields}（{records}）',
    '{what}: {fields} ({records})',
  ),
};

export const ENTITY_LABELS: Record<string, Label> = {
  customer: label('客户', '客戶', 'Customer'),
  invitation: label('邀约', '邀約', 'Invitation'),
  activity: label('活动记录', '活動記錄', 'Activity'),
};

type Visit = { name: string; time: string };

function visitList(params: Readonly<Record<string, unknown>>): string {
  const visits = Array.isArray(params.visits) ? (params.visits as Visit[]) : [];
  const more = Number(params.count ?? 0) - visits.length;
  return visits.map((v) => `${v.time} ${v.name}`).join(', ') + (more > 0 ? ` …(+${more})` : '');
}

const labelOf = (value: unknown, locale: Locale) =>
  value && typeof value === 'object' ? ((value as Label)[locale] ?? '') : String(value ?? '');

export function registerCustomerKinds(messages: MessageCenter): void {
  const visits = (kind: 'visitTomorrow' | 'visitToday', name: Label) =>
    messages.registerKind({
      kind,
      label: name,
      optional: true,
      render: (params, locale) => ({ title: sayIn(T[kind], locale, params), body: visitList(params) }),
    });
  visits('visitTomorrow', label('明日到访提醒', '明日到訪提醒', "Tomorrow's visits"));
  visits('visitToday', label('今日到访提醒', '今日到訪提醒', "Today's visits"));
  messages.registerKind({
    kind: CUSTOMER_KINDS.noShow,
    label: label('未到店提醒', '未到店提醒', 'No-shows'),
    optional: true,
    render: (params, locale) => ({
      title: sayIn(T.noShow, locale, params),
      body: sayIn(T.noShowBody, locale, { ...params, list: visitList(params) }),
    }),
  });
  messages.registerKind({
    kind: CUSTOMER_KINDS.noShowSummary,
    label: label('门店未到店汇总', '門市未到店彙總', "The store's no-shows"),
    optional: true,
    render: (params, locale) => ({
      title: sayIn(T.noShowSummary, locale, params),
      body: sayIn(T.noShowSummaryBody, locale, params),
    }),
  });
  messages.registerKind({
    kind: CUSTOMER_KINDS.handOver,
    label: label('客户交接', '客戶交接', 'Hand-overs'),
    optional: true,
    render: (params, locale) => ({
      title: sayIn(T.handOver, locale, params),
      body: sayIn(T.handOverBody, locale, params),
    }),
  });
  messages.registerKind({
    kind: CUSTOMER_KINDS.customerChanged,
    label: label('我的客户被他人修改', '我的客戶被他人修改', 'My customers changed by others'),
    optional: true,
    render: (params, locale) => {
      const fields = Array.isArray(params.fields) ? params.fields.map((f) => labelOf(f, locale)) : [];
      const what = labelOf(ENTITY_LABELS[String(params.entity)], locale);
      const joined = fields.join(locale === 'en' ? ', ' : '、');
      // A batch or an import: one message per owner, counting the records and naming the first.
      if (typeof params.count === 'number') {
        const names = Array.isArray(params.records) ? params.records.map(String) : [];
        const more = params.count > names.length ? (locale === 'en' ? ', …' : '…') : '';
        return {
          title: sayIn(T.changedMany, locale, params),
          body: sayIn(T.changedManyBody, locale, {
            what,
            fields: joined,
            records: names.join(locale === 'en' ? ', ' : '、') + more,
          }),
        };
      }
      return { title: sayIn(T.changed, locale, params), body: sayIn(T.changedBody, locale, { what, fields: joined }) };
    },
  });
}

type Person = { id: number; name: string | null; username: string; storeId: number | null };

/** A hand-over done: the new owner and the store's managers are told whose customers they now hold. */
export async function tellHandOver(
  messages: MessageCenter,
  managers: (storeId: number) => Promise<number[]>,
  from: Person,
  to: Person,
  moved: { customers: number; invitations: number },
): Promise<void> {
  if (moved.customers === 0) return;
  const userIds = [to.id, ...(to.storeId === null ? [] : await managers(to.storeId))];
  await messages.notify({
    kind: CUSTOMER_KINDS.handOver,
    userIds,
    params: {
      from: from.name || from.username,
      to: to.name || to.username,
      customers: moved.customers,
      invitations: moved.invitations,
    },
    link: `/customer/info?employeeId=${to.id}`,
  });
}

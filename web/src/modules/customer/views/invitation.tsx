import { customerInfo, customerInvitationRecord, type Locale } from '@backroom/contract';
import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage, type FilterSpec } from '../../../core/crud/CrudPage';
import { useUrlFilters } from '../../../core/crud/url-filters';
import { call } from '../../../core/request';
import { useScreen } from '../../../core/screen';
import { InvitationCalendar } from '../components/invitation-calendar';
import { InvitationStatusSelect, useInvitationStatuses } from '../components/invitation-status';
import { MaskedValue } from '../components/masked-value';
import { MASKED_PHONE_COLUMN_WIDTH } from '../components/masking';
import { useInvitationFields } from '../components/record-fields';
import { useStores } from '../hooks/use-org';
import '../customer.css';
import { StaffCell } from '../components/staff-cell';
import { useStaffUrlFilters } from '../hooks/use-staff-filters';

type Mode = 'list' | 'calendar';
/** The status column where a phone shows the list's phone columns alone: "No-show" or "未到店" whole in its select (customer.css). */
const STATUS_PHONE_COLUMN_WIDTH = 86;

/**
 * Invitation records (the family's /customer/invitation): a list, or a calendar by day or week for
 * a store; the status of each invitation changes in place.
 */
export default function InvitationView() {
  const { t, i18n } = useTranslation();
  const [mode, setMode] = useState<Mode>('list');
  const statuses = useInvitationStatuses();
  const { stores } = useStores();
  // A dashboard figure opens the list with what it counts in the URL (demo/home's figure links).
  const linked = useUrlFilters([
    {
      kind: 'window',
      name: 'inviteTime',
      label: customerInvitationRecord.columns.inviteTime.label[i18n.language as Locale],
    },
    { kind: 'values', name: 'customerStatus', label: t('customer.invitation.status'), show: statuses.label },
    ...useStaffUrlFilters(),
  ]);
  const locale = i18n.language as Locale;
  const phone = useScreen() === 'xs';
  const fields = useInvitationFields();
  const filters: FilterSpec<'customerStatus' | 'storeId'>[] = [
    { name: 'customerStatus', label: t('customer.invitation.status'), options: statuses.options },
    ...(stores.length > 1 ? [{ name: 'storeId' as const, label: t('customer.store'), options: stores }] : []),
  ];
  const switcher = (
    <Segmented<Mode>
      value={mode}
      onChange={setMode}
      data-testid="invitation-mode"
      options={[
        { value: 'list', label: t('customer.invitation.list') },
        { value: 'calendar', label: t('customer.invitation.calendar') },
      ]}
    />
  );
  return (
    <div className="customer-invitations">
      {mode === 'calendar' ? (
        <InvitationCalendar switcher={switcher} />
      ) : (
        <CrudPage
          history
          entity={customerInvitationRecord}
          banner={linked.bar}
          params={linked.params}
          keywordPlaceholder={t('customer.invitation.search')}
          toolbar={switcher}
          filters={filters}
          fields={fields}
          defaults={{ customerStatus: '1' }}
          addWith={{
            perm: customerInvitationRecord.perms.create,
            send: (values) => call(customerInvitationRecord.api.create, values as never),
          }}
          columns={[
            // On a phone: who (with when beneath, without the year), their phone, the status and the row's menu.
            {
              key: 'customerName',
              width: 140,
              onPhone: true,
              // The shorter heading, "Customer", where the column is a third of a phone's width.
              title: phone ? customerInvitationRecord.columns.customerID.label[locale] : undefined,
              render: (value, row) =>
                phone ? (
                  <span className="customer-invitation-who">
                    <span>{value}</span>
                    <span className="customer-invitation-when">{row.inviteTime?.slice(5, 16)}</span>
                  </span>
                ) : (
                  value
                ),
            },
            // The customer's phone, masked as on the customer list; whoever may reveal the customer's may here.
            {
              key: 'customerPhone',
              width: 150,
              onPhone: true,
              phoneWidth: MASKED_PHONE_COLUMN_WIDTH,
              sortable: false,
              render: (value, row) => (
                <MaskedValue
                  value={value}
                  perm={customerInfo.perms.reveal}
                  label={customerInvitationRecord.joined.customerPhone.label[locale]}
                  reveal={(reason) =>
                    call(customerInfo.api.reveal, { id: row.customerID, field: 'customerPhone', reason })
                  }
                />
              ),
            },
            { key: 'inviteTime', width: 170 },
            {
              key: 'customerStatus',
              width: 140,
              onPhone: true,
              phoneWidth: STATUS_PHONE_COLUMN_WIDTH,
              render: (value, row) => (
                <InvitationStatusSelect
                  id={row.id}
                  value={value}
                  customerName={row.customerName}
                  inviteTime={row.inviteTime}
                />
              ),
            },
            {
              key: 'employeeName',
              width: 130,
              render: (value, row) => <StaffCell name={value} store={row.storeName} />,
            },
            {
              key: 'creatorName',
              width: 130,
              render: (value, row) => <StaffCell name={value} store={row.storeName} />,
            },
            { key: 'storeName', width: 140 },
            { key: 'remark', width: 200 },
            { key: 'createTime', width: 170, hidden: true },
          ]}
        />
      )}
    </div>
  );
}

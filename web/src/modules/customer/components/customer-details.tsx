import { CalendarOutlined, GiftOutlined } from '@ant-design/icons';
import {
  CUSTOMER_DICTS,
  customerActivity,
  customerInfo,
  customerInvitationRecord,
  type CustomerDetails as Details,
  type Locale,
} from '@backroom/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Empty, Space, Spin, Timeline } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudValues, FieldSpec } from '../../../core/crud/crud-types';
import { LoadError } from '../../../core/crud/parts';
import { useDictLookup } from '../../../core/dictionaries';
import { usePerm } from '../../../core/permission';
import { call } from '../../../core/request';
import { useScreen } from '../../../core/screen';
import { WALL_CLOCK } from '../../../ui/date-time-input';
import { statusLabel } from './customer-batch';
import { InvitationStatusSelect } from './invitation-status';
import { MaskedValue } from './masked-value';
import { PhotoThumbs } from './prize-photos';
import { QuickForm } from './quick-form';
import { sexOptions, useActivityFields, useInvitationFields } from './record-fields';

/** One entry of the customer's timeline: an invitation or an activity, at its time. */
type Entry =
  | { kind: 'invitation'; time: string; row: Details['invitations'][number] }
  | { kind: 'activity'; time: string; row: Details['activities'][number] };

/** Invitations (at their time) and activities (when recorded) in one list, newest first. */
export function timelineOf(details: Pick<Details, 'invitations' | 'activities'>): Entry[] {
  const entries: Entry[] = [
    ...details.invitations.map((row): Entry => ({ kind: 'invitation', time: row.inviteTime, row })),
    ...details.activities.map((row): Entry => ({ kind: 'activity', time: row.createTime, row })),
  ];
  return entries.sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0));
}

/** The next full hour, as an invitation's time starts. */
const nextHour = () => dayjs().add(1, 'hour').startOf('hour').format(WALL_CLOCK);

type Quick = 'invite' | 'activity' | null;

/**
 * A customer's details in a drawer: their fields, their invitations and activities as one
 * timeline, and the quick actions "invite" and "record activity" with the customer filled in.
 */
export function CustomerDetails({ id, onClose }: { id: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const phone = useScreen() === 'xs';
  const dict = useDictLookup(true);
  const canInvite = usePerm(customerInvitationRecord.perms.create);
  const canRecord = usePerm(customerActivity.perms.create);
  const invitationFields = useInvitationFields();
  const activityFields = useActivityFields();
  const [open, setOpen] = useState(true);
  const [quick, setQuick] = useState<Quick>(null);
  const query = useQuery({
    queryKey: ['customer', 'details', id],
    queryFn: () => call(customerInfo.api.details, { id }),
    // Opened anew, the drawer asks again: an invitation or activity recorded on another screen since shows at once.
    refetchOnMount: 'always',
  });
  const customer = query.data;
  const label = (key: keyof typeof customerInfo.columns) => customerInfo.columns[key].label[locale];

  const start = (): CrudValues | null => {
    if (!customer || quick === null) return null;
    if (quick === 'invite') {
      return {
        customerID: customer.id,
        customerName: customer.customerName,
        customerStatus: '1',
        inviteTime: nextHour(),
      };
    }
    const age = Number.parseInt(customer.customerAge ?? '', 10);
    return {
      customerId: customer.id,
      customerName: customer.customerName,
      // Shown as the operator sees it: the server keeps the customer's own number on the record.
      customerPhone: customer.customerPhone,
      customerSex: customer.customerSex,
      customerAge: Number.isFinite(age) ? age : undefined,
      customerAddress: customer.customerAddress ?? undefined,
    };
  };

  const body = (() => {
    if (query.isError && !customer) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
    if (!customer) {
      return (
        <div className="customer-details-loading">
          <Spin />
        </div>
      );
    }
    const timeline = timelineOf(customer);
    return (
      <>
        <Descriptions
          size="small"
          column={phone ? 1 : 2}
          bordered
          items={[
            { key: 'code', label: label('customerCode'), children: customer.customerCode },
            {
              key: 'status',
              label: label('customerStatus'),
              children: statusLabel(customer.customerStatus, locale),
            },
            {
              key: 'phone',
              label: label('customerPhone'),
              children: (
                <MaskedValue
                  value={customer.customerPhone}
                  perm={customerInfo.perms.reveal}
                  owner={{ id: customer.employeeId, perm: customerInfo.perms.info }}
                  phone
                  label={label('customerPhone')}
                  reveal={(reason) => call(customerInfo.api.reveal, { id, field: 'customerPhone', reason })}
                />
              ),
            },
            {
              key: 'type',
              label: label('customerType'),
              children: dict.label(CUSTOMER_DICTS.customerType, customer.customerType),
            },
            { key: 'sex', label: label('customerSex'), children: sexOptions(locale)[customer.customerSex]?.label },
            { key: 'age', label: label('customerAge'), children: customer.customerAge },
            { key: 'owner', label: t('customer.owner'), children: customer.employeeName },
            { key: 'creator', label: t('customer.creator'), children: customer.creatorName },
            { key: 'store', label: t('customer.store'), children: customer.storeName },
            {
              key: 'address',
              label: label('customerAddress'),
              span: phone ? 1 : 2,
              children: customer.customerAddress,
            },
            {
              key: 'disease',
              label: label('diseaseInformation'),
              span: phone ? 1 : 2,
              children: (
                <MaskedValue
                  value={customer.diseaseInformation}
                  perm={customerInfo.perms.reveal}
                  owner={{ id: customer.employeeId, perm: customerInfo.perms.info }}
                  label={label('diseaseInformation')}
                  reveal={(reason) => call(customerInfo.api.reveal, { id, field: 'diseaseInformation', reason })}
                />
              ),
            },
            { key: 'remark', label: label('remark'), span: phone ? 1 : 2, children: customer.remark },
            { key: 'created', label: t('crud.createTime'), children: customer.createTime },
            { key: 'updated', label: t('crud.updateTime'), children: customer.updateTime },
          ]}
        />
        <div className="customer-details-head">
          <h3>{t('customer.details.timeline')}</h3>
          <Space wrap>
            {canInvite && (
              <Button icon={<CalendarOutlined />} onClick={() => setQuick('invite')} data-testid="details-invite">
                {t('customer.details.invite')}
              </Button>
            )}
            {canRecord && (
              <Button icon={<GiftOutlined />} onClick={() => setQuick('activity')} data-testid="details-activity">
                {t('customer.details.record')}
              </Button>
            )}
          </Space>
        </div>
        {timeline.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('customer.details.empty')} />
        ) : (
          <Timeline
            className="customer-timeline"
            data-testid="customer-timeline"
            items={timeline.map((entry) => ({
              key: `${entry.kind}-${entry.row.id}`,
              color: entry.kind === 'invitation' ? 'blue' : 'green',
              dot: entry.kind === 'invitation' ? <CalendarOutlined /> : <GiftOutlined />,
              children: <TimelineEntry entry={entry} />,
            }))}
          />
        )}
      </>
    );
  })();

  return (
    <Drawer
      open={open}
      title={customer ? t('customer.details.title', { name: customer.customerName }) : t('customer.details.open')}
      size={phone ? undefined : 'large'}
      width={phone ? '100%' : 720}
      onClose={() => setOpen(false)}
      afterOpenChange={(visible) => !visible && onClose()}
      className="customer-details"
    >
      {/* Escape closes the drawer from anywhere in it, also after a quick form closed over it (antd's
          own handler no longer hears it then). */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: it only passes on Escape from the controls inside. */}
      <div
        onKeyDown={(event) => {
          if (event.key === 'Escape' && quick === null) setOpen(false);
        }}
      >
        {body}
      </div>
      <QuickForm
        entity={quick === 'activity' ? customerActivity : customerInvitationRecord}
        fields={(quick === 'activity' ? activityFields : invitationFields) as unknown as FieldSpec[]}
        title={quick === 'activity' ? t('customer.details.record') : t('customer.details.invite')}
        start={start()}
        send={(values) =>
          quick === 'activity'
            ? call(customerActivity.api.create, { ...values, customerId: id } as never)
            : call(customerInvitationRecord.api.create, values as never)
        }
        onClose={() => setQuick(null)}
        onSaved={() => {
          setQuick(null);
          void query.refetch();
        }}
      />
    </Drawer>
  );
}

/** What one timeline entry says: when, what, who, and its status or prize. */
function TimelineEntry({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  if (entry.kind === 'invitation') {
    const { row } = entry;
    return (
      <div className="customer-entry" data-testid="timeline-invitation">
        <div className="customer-entry-head">
          <strong>{t('customer.details.invitation')}</strong>
          <span className="customer-muted">{row.inviteTime}</span>
          <InvitationStatusSelect
            id={row.id}
            value={row.customerStatus}
            customerName={row.customerName}
            inviteTime={row.inviteTime}
          />
        </div>
        <RecordedBy recorder={row.creatorName} owner={row.employeeName} />
        {row.remark && <div>{row.remark}</div>}
      </div>
    );
  }
  const { row } = entry;
  return (
    <div className="customer-entry" data-testid="timeline-activity">
      <div className="customer-entry-head">
        <strong>{row.activityName || t('customer.details.activity')}</strong>
        <span className="customer-muted">{row.createTime}</span>
      </div>
      {row.prizeName && <div>{t('customer.details.prize', { prize: row.prizeName })}</div>}
      {row.prizePhoto && row.prizePhoto.length > 0 && <PhotoThumbs urls={row.prizePhoto} size={48} />}
      <RecordedBy recorder={row.creatorName} owner={row.employeeName} />
      {row.remark && <div>{row.remark}</div>}
    </div>
  );
}

/** Who recorded an entry, and who owns it now where that is someone else (a hand-over since). */
function RecordedBy({ recorder, owner }: { recorder?: string | null; owner?: string | null }) {
  const { t } = useTranslation();
  if (!recorder && !owner) return null;
  return (
    <div className="customer-muted">
      {recorder && t('customer.details.by', { name: recorder })}
      {owner && owner !== recorder && (recorder ? ' · ' : '') + t('customer.details.owner', { name: owner })}
    </div>
  );
}

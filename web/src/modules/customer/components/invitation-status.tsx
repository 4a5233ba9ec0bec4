import { DownOutlined } from '@ant-design/icons';
import { CUSTOMER_DICTS, customerInvitationRecord } from '@backroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge, Select } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { crudQueryKey } from '../../../core/crud/CrudPage';
import { useDictLookup } from '../../../core/dictionaries';
import { usePerm } from '../../../core/permission';
import { call } from '../../../core/request';

/** The dot beside each invitation status value: invited, visited, bought, no-show. */
const DOTS: Record<string, 'processing' | 'success' | 'warning' | 'default'> = {
  '1': 'processing',
  '2': 'success',
  '3': 'success',
  '4': 'warning',
};

/** The invitation statuses in the dictionary's words. */
export function useInvitationStatuses() {
  const dict = useDictLookup(true);
  const type = CUSTOMER_DICTS.invitationStatus;
  return {
    options: dict.options(type).map((o) => ({ value: String(o.value), label: o.label })),
    label: (value: unknown) => dict.label(type, value),
  };
}

/** An invitation status in the dictionary's words, with its dot. */
export function InvitationStatusTag({ value }: { value: string }) {
  const statuses = useInvitationStatuses();
  return <Badge status={DOTS[value] ?? 'default'} text={statuses.label(value)} />;
}

type Props = {
  id: number;
  value: string;
  customerName?: string | null;
  /** When the invitation is for (`YYYY-MM-DD HH:mm:ss`): a visit marked before then asks first. */
  inviteTime?: string | null;
};

/** The statuses that say the customer came (visited, bought): marked on a future invitation, they ask first. */
const CAME = new Set(['2', '3']);
const inFuture = (time: string | null | undefined) => !!time && dayjs(time.replace(' ', 'T')).isAfter(dayjs());

/**
 * An invitation's status, changed in place (update with the new status alone) by whoever may edit
 * invitations; a tag for the others. A list shows one on each of its rows: until first used it is a
 * plain button that looks like the select (an antd Select each, 20 on a page, is a trigger with its
 * own hooks and styles to set up in the list's first render); its click (or Enter, Space) puts the
 * select, open and focused, in its place.
 */
export function InvitationStatusSelect({ id, value, customerName, inviteTime }: Props) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const canUpdate = usePerm(customerInvitationRecord.perms.update);
  const statuses = useInvitationStatuses();
  const [made, setMade] = useState(false);
  const change = useMutation({
    mutationFn: (next: string) => call(customerInvitationRecord.api.update, { id, customerStatus: next }),
    onSuccess: async () => {
      void message.success(t('customer.invitation.changed'));
      await queryClient.invalidateQueries({ queryKey: crudQueryKey(customerInvitationRecord) });
      await queryClient.invalidateQueries({ queryKey: ['customer', 'details'] });
    },
  });
  if (!canUpdate) return <InvitationStatusTag value={value} />;
  const className = `customer-status-select customer-status-${value}`;
  if (!made)
    return (
      <button
        type="button"
        className={`${className} customer-status-button`}
        // Its name holds the words it shows (WCAG's label in name): "Status of Alice: Invited".
        aria-label={t('customer.invitation.statusIs', { name: customerName ?? '', status: statuses.label(value) })}
        aria-haspopup="listbox"
        data-testid={`invitation-status-${id}`}
        onClick={(event) => {
          event.stopPropagation();
          setMade(true);
        }}
      >
        <span className="customer-status-value">{statuses.label(value)}</span>
        <DownOutlined aria-hidden className="customer-status-arrow" />
      </button>
    );
  return (
    <Select
      size="small"
      className={className}
      value={change.isPending ? change.variables : value}
      options={statuses.options}
      loading={change.isPending}
      disabled={change.isPending}
      popupMatchSelectWidth={false}
      aria-label={t('customer.invitation.statusOf', { name: customerName ?? '' })}
      data-testid={`invitation-status-${id}`}
      defaultOpen
      autoFocus
      onClick={(event) => event.stopPropagation()}
      onChange={(next: string) => {
        if (!CAME.has(next) || !inFuture(inviteTime)) return change.mutate(next);
        // A visit before the invitation's time is most likely a slip of the finger (issue 37).
        modal.confirm({
          title: t('customer.invitation.futureVisit', { status: statuses.label(next), time: inviteTime?.slice(0, 16) }),
          okText: t('common.ok'),
          cancelText: t('common.cancel'),
          onOk: () => change.mutate(next),
        });
      }}
    />
  );
}

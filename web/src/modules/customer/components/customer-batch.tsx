import { DownOutlined, SwapOutlined } from '@ant-design/icons';
import { CUSTOMER_STATUS, type CustomerStatus, customerInfo, type Locale } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { crudQueryKey } from '../../../core/crud/CrudPage';
import { deferredDialog } from '../../../core/lazy';
import { usePerm } from '../../../core/permission';
import { call } from '../../../core/request';

const HandOverDialog = deferredDialog(
  () => import('./hand-over-dialog').then((m) => m.HandOverDialog),
  (props) => props.open,
);

/** The word for a customer status, from the declaration. */
export function statusLabel(status: string, locale: Locale): string {
  return customerInfo.columns.customerStatus.valueLabels?.[status]?.[locale] ?? status;
}

type Props = {
  selected: number[];
  /** Called after a batch change: the selection is cleared. */
  onDone: () => void;
};

/**
 * The customer list's own toolbar buttons: set the status of the selected customers (batchUpdate,
 * after a confirmation) and, for those who may, hand one clerk's customers over to another.
 */
export function CustomerBatch({ selected, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const canBatch = usePerm(customerInfo.perms.batchUpdate);
  const canHandOver = usePerm(customerInfo.perms.handOver);
  const [handingOver, setHandingOver] = useState(false);

  const reload = () => queryClient.invalidateQueries({ queryKey: crudQueryKey(customerInfo) });

  const handleStatus = (status: CustomerStatus) => {
    const ids = [...selected];
    modal.confirm({
      title: t('customer.batch.statusConfirm', { count: ids.length, status: statusLabel(status, locale) }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const { count } = await call(customerInfo.api.batchUpdate, { ids, customerStatus: status });
        void message.success(t('customer.batch.updated', { count }));
        onDone();
        await reload();
      },
    });
  };

  return (
    <Space wrap>
      {canBatch && (
        <Dropdown
          disabled={selected.length === 0}
          trigger={['click']}
          menu={{
            items: CUSTOMER_STATUS.map((status) => ({ key: status, label: statusLabel(status, locale) })),
            onClick: ({ key }) => handleStatus(key as CustomerStatus),
          }}
        >
          <Button disabled={selected.length === 0} data-testid="customer-batch-status">
            {t('customer.batch.status')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
      {canHandOver && (
        <Button icon={<SwapOutlined />} onClick={() => setHandingOver(true)} data-testid="customer-hand-over">
          {t('customer.handOver.button')}
        </Button>
      )}
      <HandOverDialog
        open={handingOver}
        selected={selected}
        onClose={() => setHandingOver(false)}
        onDone={() => {
          setHandingOver(false);
          onDone();
          void reload();
        }}
      />
    </Space>
  );
}

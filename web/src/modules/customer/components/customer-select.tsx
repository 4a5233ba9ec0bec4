import { type CustomerInfo, customerInfo } from '@backroom/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../core/request';

type Props = {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** Told the row of the customer chosen (null when cleared), to fill other fields from it. */
  onPick?: (customer: CustomerInfo | null) => void;
  disabled?: boolean;
};

/** How many customers one search offers. */
const CHOICES = 20;

/**
 * A customer of the operator's scope, found by name, code or phone as it is typed (what
 * customer/info's keyword searches). The chosen
 * one's name comes from the form (`customerName`, which the invitation rows carry) until a search
 * lists it.
 */
export function CustomerSelect({ id, value, onChange, onPick, disabled }: Props) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const [keyWord, setKeyWord] = useState('');
  const query = useQuery({
    queryKey: ['customer', 'choices', keyWord],
    queryFn: () => call(customerInfo.api.page, { page: 1, size: CHOICES, ...(keyWord ? { keyWord } : {}) }),
    staleTime: 10_000,
  });
  const options = (query.data?.list ?? []).map((c) => ({
    value: c.id,
    label: c.customerCode ? `${c.customerName} · ${c.customerCode}` : c.customerName,
  }));
  if (value !== null && value !== undefined && !options.some((o) => o.value === value)) {
    const known = form.getFieldValue('customerName') as string | undefined;
    options.unshift({ value, label: known ?? `#${value}` });
  }
  return (
    <Select
      id={id}
      showSearch
      allowClear
      filterOption={false}
      value={value ?? undefined}
      options={options}
      loading={query.isFetching}
      placeholder={t('customer.select.placeholder')}
      notFoundContent={query.isFetching ? t('common.loading') : t('common.empty')}
      onSearch={(text) => setKeyWord(text.trim())}
      disabled={disabled}
      data-testid="customer-select"
      onChange={(next: number | undefined) => {
        onChange?.(next ?? null);
        onPick?.(query.data?.list.find((c) => c.id === next) ?? null);
      }}
    />
  );
}

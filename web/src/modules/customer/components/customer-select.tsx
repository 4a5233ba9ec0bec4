import { customerInfo } from '@backroom/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../core/request';

type Props = { id?: string; value?: number | null; onChange?: (value: number | null) => void };

/** How many customers one search offers. */
const CHOICES = 20;

/**
 * A customer of the operator's scope, found by name, code or phone as it is typed. The chosen
 * one's name comes from the form (`customerName`, which the invitation rows carry) until a search
 * lists it.
 */
export function CustomerSelect({ id, value, onChange }: Props) {
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
      onChange={(next: number | undefined) => onChange?.(next ?? null)}
    />
  );
}

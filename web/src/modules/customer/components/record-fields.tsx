import {
  AGE_MAX,
  CUSTOMER_DICTS,
  CUSTOMER_SEX,
  customerActivity,
  type customerInvitationRecord,
  idTypeLabels,
  isIdNumber,
  type Locale,
  looksMasked,
  ownValue,
  PHONE_TEXT_MAX,
  sexLabels,
} from '@backroom/contract';
import { Form, Input, InputNumber, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { FieldOf } from '../../../core/crud/CrudPage';
import { useDictLookup } from '../../../core/dictionaries';
import { i18n } from '../../../core/i18n';
import { DateTimeInput } from '../../../ui/date-time-input';
import { CustomerSelect } from './customer-select';
import { useInvitationStatuses } from './invitation-status';
import { PrizePhotosInput } from './prize-photos';

/*
 * The forms of an invitation and an activity, shared by their own screens and the quick actions
 * of a customer's details.
 */

export const sexOptions = (locale: Locale) => CUSTOMER_SEX.map((value) => ({ value, label: sexLabels[value][locale] }));

/** Customer, time, status and remark; the inviting clerk and the store are the server's to set. */
export function useInvitationFields(): FieldOf<typeof customerInvitationRecord>[] {
  const statuses = useInvitationStatuses();
  return [
    { name: 'customerID', span: 24, input: <CustomerSelect /> },
    { name: 'inviteTime', input: <DateTimeInput /> },
    { name: 'customerStatus', input: <Select options={statuses.options} /> },
    { name: 'remark', span: 24, input: <Input.TextArea rows={3} maxLength={500} showCount /> },
  ];
}

/**
 * The ID number fits the form of the chosen type (the server checks the same, activity.service.ts);
 * a masked number the form loaded is the stored one, which the server keeps.
 */
export function idNumberOfTypeRule(locale: Locale, field: string): Rule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const type: unknown = getFieldValue('idCardType');
      if (typeof value !== 'string' || value === '' || looksMasked(value) || typeof type !== 'string') return;
      if (isIdNumber(value, type)) return;
      const typeName = ownValue(idTypeLabels, type)?.[locale] ?? type;
      throw new Error(i18n.t('validation.format.idNumberOfType', { field, type: typeName }));
    },
  });
}

type PickerProps = { id?: string; value?: number | null; onChange?: (value: number | null) => void };

/**
 * The customer an activity is for, found by name, code or phone: choosing one fills the form's
 * customer fields from their record (the server keeps the customer's own name and phone, also
 * where the phone shows masked here).
 */
function ActivityCustomerSelect(props: PickerProps) {
  const form = Form.useFormInstance();
  return (
    <CustomerSelect
      {...props}
      onPick={(customer) => {
        if (!customer) return;
        const age = Number.parseInt(customer.customerAge ?? '', 10);
        form.setFieldsValue({
          customerName: customer.customerName,
          customerPhone: customer.customerPhone,
          customerSex: customer.customerSex,
          customerAge: Number.isFinite(age) ? age : undefined,
          ...(customer.customerAddress ? { customerAddress: customer.customerAddress } : {}),
        });
      }}
    />
  );
}

type TextProps = { id?: string; value?: string; onChange?: (event: unknown) => void; maxLength: number };

/** A name or phone that comes from the chosen customer: read-only while one is chosen. */
function FromCustomer(props: TextProps & { inputMode?: 'tel' }) {
  const customerId = Form.useWatch('customerId') as number | null | undefined;
  return <Input {...props} readOnly={typeof customerId === 'number'} />;
}

/** Who the activity was for (a customer chosen by search), what it was, and the prize with its photos. */
export function useActivityFields(): FieldOf<typeof customerActivity>[] {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const dict = useDictLookup(true);
  return [
    // A new activity is for a customer; one recorded before without (an import) may stay so.
    { name: 'customerId', span: 24, required: true, only: 'add', input: <ActivityCustomerSelect /> },
    { name: 'customerId', span: 24, only: 'edit', input: <ActivityCustomerSelect /> },
    { name: 'customerName', input: <FromCustomer maxLength={100} /> },
    {
      name: 'customerPhone',
      tooltip: t('customer.maskedHint'),
      input: <FromCustomer maxLength={PHONE_TEXT_MAX} inputMode="tel" />,
    },
    { name: 'customerSex', input: <Select options={sexOptions(locale)} /> },
    { name: 'customerAge', input: <InputNumber min={0} max={AGE_MAX} precision={0} style={{ width: '100%' }} /> },
    { name: 'idCardType', input: <Select allowClear options={dict.options(CUSTOMER_DICTS.idCardType)} /> },
    {
      name: 'idCardNo',
      tooltip: t('customer.maskedHint'),
      input: <Input maxLength={50} />,
      extraRules: [idNumberOfTypeRule(locale, customerActivity.columns.idCardNo.label[locale])],
    },
    { name: 'customerAddress', span: 24, input: <Input maxLength={255} /> },
    { name: 'activityName', input: <Input maxLength={100} /> },
    { name: 'prizeName', input: <Input maxLength={100} /> },
    { name: 'prizePhoto', span: 24, input: <PrizePhotosInput /> },
    { name: 'remark', span: 24, input: <Input.TextArea rows={3} maxLength={500} showCount /> },
  ];
}

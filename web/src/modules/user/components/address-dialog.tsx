import { type Locale, PHONE_TEXT_MAX, type UserAddress, userAddress } from '@backroom/contract';
import { Col, Form, Input, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../core/crud/zod-rule';
import { FormDialog } from '../../../core/form-dialog';
import { call } from '../../../core/request';

type Values = {
  contact: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  address: string;
  isDefault: boolean;
};

/** The address being edited, or a new one of this user. */
export type AddressDraft = { userId: number; row?: UserAddress };

type Props = { draft: AddressDraft | null; onClose: () => void; onSaved: () => void };

const TEXT_FIELDS = ['contact', 'phone', 'province', 'city', 'district', 'address'] as const;
const REQUIRED = new Set<string>(['contact', 'phone', 'address']);

/** Adds or edits one address of an app user, checked with the declaration's own rules (the phone in any spelling). */
export function AddressDialog({ draft, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const [form] = Form.useForm<Values>();
  const columns = userAddress.columns;
  return (
    <FormDialog
      data={draft}
      form={form}
      name="address"
      title={draft?.row ? t('user.editAddress') : t('user.addAddress')}
      initialValues={(d) => ({
        contact: d.row?.contact ?? '',
        phone: d.row?.phone ?? '',
        province: d.row?.province ?? '',
        city: d.row?.city ?? '',
        district: d.row?.district ?? '',
        address: d.row?.address ?? '',
        isDefault: d.row?.isDefault ?? false,
      })}
      submit={async (values, d) => {
        if (d.row) await call(userAddress.api.update, { id: d.row.id, ...values });
        else await call(userAddress.api.add, { ...values, userId: d.userId });
      }}
      savedText={t('user.addressSaved')}
      onSaved={onSaved}
      onClose={onClose}
      width={560}
    >
      <Row gutter={16}>
        {TEXT_FIELDS.map((name) => {
          const column = columns[name];
          const label = column.label[locale];
          return (
            <Col key={name} xs={24} sm={name === 'address' ? 24 : 12}>
              <Form.Item
                name={name}
                label={label}
                required={REQUIRED.has(name)}
                rules={[
                  ...(REQUIRED.has(name)
                    ? [{ required: true, whitespace: true, message: t('validation.required', { field: label }) }]
                    : []),
                  // The others may stay empty (the declaration's default is empty text).
                  zodRule(REQUIRED.has(name) ? column.schema : column.schema.optional(), label),
                ]}
              >
                <Input
                  // A phone is typed with spaces and a country code; the server keeps its one spelling.
                  maxLength={name === 'phone' ? PHONE_TEXT_MAX : column.length}
                  inputMode={name === 'phone' ? 'tel' : undefined}
                  autoFocus={name === 'contact'}
                  data-testid={`address-${name}`}
                />
              </Form.Item>
            </Col>
          );
        })}
        <Col xs={24}>
          <Form.Item name="isDefault" label={columns.isDefault.label[locale]} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}

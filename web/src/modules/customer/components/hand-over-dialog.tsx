import { customerInfo } from '@backroom/contract';
import { Alert, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { FormDialog } from '../../../core/form-dialog';
import { call } from '../../../core/request';
import { type Choice, useStaff, useStores } from '../hooks/use-org';
import { StaffSelect } from './staff-select';

type Values = { storeId?: number; fromEmployeeId?: number; toEmployeeId?: number };

type Props = { open: boolean; onClose: () => void; onDone: () => void };

/** What the dialog edits while open: nothing of its own, and the same nothing on every render (a new one would start the form over). */
const OPENED = {};

const nameOf = (choices: readonly Choice[], id: number | undefined) =>
  choices.find((c) => c.value === id)?.label ?? String(id ?? '');

/**
 * Hands every customer of one clerk (with their open invitations) to another clerk of the same
 * store, in one call, after a confirmation: what a manager does when a clerk leaves.
 */
export function HandOverDialog({ open, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const [form] = Form.useForm<Values>();
  const { stores } = useStores();
  const storeId = Form.useWatch('storeId', form);
  const fromId = Form.useWatch('fromEmployeeId', form);
  // Without stores to choose from (no department list), the staff the operator may see are offered.
  const { staff, loading, canList } = useStaff(
    stores.length > 0 ? storeId : undefined,
    stores.length === 0 || !!storeId,
  );

  const confirm = (from: string, to: string) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t('customer.handOver.confirm', { from, to }),
        content: t('customer.handOver.hint'),
        okText: t('customer.handOver.ok'),
        cancelText: t('common.cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const submit = async (values: Values) => {
    const fromEmployeeId = values.fromEmployeeId as number;
    const toEmployeeId = values.toEmployeeId as number;
    if (!(await confirm(nameOf(staff, fromEmployeeId), nameOf(staff, toEmployeeId)))) {
      throw new Error('hand-over declined');
    }
    return call(customerInfo.api.handOver, { fromEmployeeId, toEmployeeId });
  };

  const required = (field: string) => ({ required: true, message: t('validation.required', { field }) });

  return (
    <FormDialog
      data={open ? OPENED : null}
      form={form}
      name="handOver"
      title={t('customer.handOver.title')}
      okText={t('customer.handOver.ok')}
      initialValues={() => (stores.length === 1 ? { storeId: stores[0]?.value } : {})}
      submit={submit}
      savedText={t('customer.handOver.saved')}
      onSaved={() => onDone()}
      onClose={onClose}
      width={480}
    >
      <Alert type="info" showIcon message={t('customer.handOver.hint')} className="customer-hint" />
      {!canList && <Alert type="warning" showIcon message={t('customer.handOver.noStaff')} />}
      {stores.length > 0 && (
        <Form.Item name="storeId" label={t('customer.store')} rules={[required(t('customer.store'))]}>
          <Select
            options={stores}
            showSearch
            optionFilterProp="label"
            onChange={() => form.setFieldsValue({ fromEmployeeId: undefined, toEmployeeId: undefined })}
          />
        </Form.Item>
      )}
      <Form.Item
        name="fromEmployeeId"
        label={t('customer.handOver.from')}
        rules={[required(t('customer.handOver.from'))]}
      >
        <StaffSelect staff={staff} loading={loading} />
      </Form.Item>
      <Form.Item
        name="toEmployeeId"
        label={t('customer.handOver.to')}
        dependencies={['fromEmployeeId']}
        rules={[
          required(t('customer.handOver.to')),
          {
            validator: async (_rule, value: unknown) => {
              if (value !== undefined && value === fromId) throw new Error(t('customer.handOver.same'));
            },
          },
        ]}
      >
        <StaffSelect staff={staff.filter((o) => o.value !== fromId)} loading={loading} />
      </Form.Item>
    </FormDialog>
  );
}

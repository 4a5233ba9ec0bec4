import { customerInfo } from '@backroom/contract';
import { Alert, Form, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { FormDialog } from '../../../core/form-dialog';
import { call } from '../../../core/request';
import { type Choice, useStaff, useStores } from '../hooks/use-org';
import { StaffSelect } from './staff-select';

/** What is handed over: the customers selected in the list, or every customer of one clerk (their book). */
type Scope = 'selected' | 'book';

type Values = { scope?: Scope; storeId?: number; fromEmployeeId?: number; toEmployeeId?: number };

type Props = {
  open: boolean;
  /** The customers selected in the list; with none, only a whole book can be handed over. */
  selected: readonly number[];
  onClose: () => void;
  onDone: () => void;
};

/** What the dialog edits while open: nothing of its own, and the same nothing on every render (a new one would start the form over). */
const OPENED = {};

const nameOf = (choices: readonly Choice[], id: number | undefined) =>
  choices.find((c) => c.value === id)?.label ?? String(id ?? '');

/**
 * Hands customers with their invitations and activities to another clerk of the store, after a
 * confirmation that names how many and to whom: the customers selected in the list (batchUpdate of
 * the owner), or every customer of one clerk (handOver), what a manager does when a clerk leaves.
 */
export function HandOverDialog({ open, selected, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const [form] = Form.useForm<Values>();
  const { stores } = useStores();
  const storeId = Form.useWatch('storeId', form);
  const fromId = Form.useWatch('fromEmployeeId', form);
  const scope: Scope = Form.useWatch('scope', form) ?? (selected.length > 0 ? 'selected' : 'book');
  // Without stores to choose from (no department list), the staff the operator may see are offered.
  const { staff, loading, canList } = useStaff(
    stores.length > 0 ? storeId : undefined,
    stores.length === 0 || !!storeId,
  );

  const confirm = (title: string) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title,
        content: t('customer.handOver.hint'),
        okText: t('customer.handOver.ok'),
        cancelText: t('common.cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const submit = async (values: Values) => {
    const toEmployeeId = values.toEmployeeId as number;
    const to = nameOf(staff, toEmployeeId);
    if ((values.scope ?? scope) === 'selected') {
      const ids = [...selected];
      if (!(await confirm(t('customer.handOver.confirmSelected', { count: ids.length, to })))) {
        throw new Error('hand-over declined');
      }
      return call(customerInfo.api.batchUpdate, { ids, employeeId: toEmployeeId });
    }
    const fromEmployeeId = values.fromEmployeeId as number;
    const count = await call(customerInfo.api.total, { salesmanId: fromEmployeeId });
    const from = nameOf(staff, fromEmployeeId);
    if (!(await confirm(t('customer.handOver.confirmBook', { count, from, to })))) {
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
      initialValues={(): Values => ({
        scope: selected.length > 0 ? 'selected' : 'book',
        ...(stores.length === 1 ? { storeId: stores[0]?.value } : {}),
      })}
      submit={submit}
      savedText={t('customer.handOver.saved')}
      onSaved={() => onDone()}
      onClose={onClose}
      width={480}
    >
      <Alert type="info" showIcon message={t('customer.handOver.hint')} className="customer-hint" />
      <Form.Item name="scope" label={t('customer.handOver.scope')}>
        <Radio.Group
          options={[
            {
              value: 'selected',
              label: t('customer.handOver.selected', { count: selected.length }),
              disabled: selected.length === 0,
            },
            { value: 'book', label: t('customer.handOver.book') },
          ]}
        />
      </Form.Item>
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
      {scope === 'book' && (
        <Form.Item
          name="fromEmployeeId"
          label={t('customer.handOver.from')}
          rules={[required(t('customer.handOver.from'))]}
        >
          <StaffSelect staff={staff} loading={loading} />
        </Form.Item>
      )}
      <Form.Item
        name="toEmployeeId"
        label={t('customer.handOver.to')}
        dependencies={['fromEmployeeId']}
        rules={[
          required(t('customer.handOver.to')),
          {
            validator: async (_rule, value: unknown) => {
              if (scope === 'book' && value !== undefined && value === fromId) {
                throw new Error(t('customer.handOver.same'));
              }
            },
          },
        ]}
      >
        <StaffSelect staff={scope === 'book' ? staff.filter((o) => o.value !== fromId) : staff} loading={loading} />
      </Form.Item>
    </FormDialog>
  );
}

import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../core/form-dialog';

/** The shortest and longest reason the reveal calls take (the contract's schema). */
export const REASON_MIN = 2;
export const REASON_MAX = 200;

export type RevealTarget = {
  /** The field's name in the reader's language. */
  label: string;
  /** Asks the server for the clear value, giving the reason (recorded in the audit). */
  reveal: (reason: string) => Promise<{ value: string }>;
};

type Props = {
  target: RevealTarget | null;
  onClose: () => void;
  /** The clear value, and the reason given (kept for the session's later reveals). */
  onShown: (value: string, reason: string) => void;
};

/** Asks why a masked value is wanted in clear, then shows it: the reason goes into the audit. */
export function RevealDialog({ target, onClose, onShown }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const label = t('customer.reveal.reason');
  return (
    <FormDialog
      data={target}
      form={form}
      name="reveal"
      title={t('customer.reveal.title', { field: target?.label ?? '' })}
      okText={t('customer.reveal.ok')}
      initialValues={() => ({ reason: '' })}
      submit={async (values, data) => {
        const reason = values.reason.trim();
        return { ...(await data.reveal(reason)), reason };
      }}
      savedText={t('customer.reveal.recorded')}
      onSaved={(result) => onShown(result.value, result.reason)}
      onClose={onClose}
      submitOnEnter
      width={440}
    >
      <Form.Item
        name="reason"
        label={label}
        extra={t('customer.reveal.hint')}
        rules={[
          { required: true, whitespace: true, message: t('validation.required', { field: label }) },
          {
            validator: async (_rule, value: unknown) => {
              const length = typeof value === 'string' ? value.trim().length : 0;
              if (length > 0 && (length < REASON_MIN || length > REASON_MAX)) {
                throw new Error(t('customer.reveal.length', { min: REASON_MIN, max: REASON_MAX }));
              }
            },
          },
        ]}
      >
        <Input maxLength={REASON_MAX} autoFocus data-testid="reveal-reason" />
      </Form.Item>
    </FormDialog>
  );
}

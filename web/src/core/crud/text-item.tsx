import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { zodRule } from './zod-rule';

type Props = {
  name: string;
  label: string;
  /** The column's schema from the declaration: it checks length and form. */
  schema: z.ZodType;
  maxLength: number | undefined;
  /** The words when it is left empty; "<label> is required" when absent. */
  requiredMessage?: string;
  extra?: ReactNode;
};

/**
 * A required one-line text field of a form dialog (a name), focused when the dialog opens. Only
 * spaces count as empty: the schema would take them, and the value is saved trimmed to nothing.
 */
export function TextItem({ name, label, schema, maxLength, requiredMessage, extra }: Props) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label}
      required
      extra={extra}
      rules={[
        // Without a message of its own, an empty field is the schema's to report.
        requiredMessage
          ? { required: true, whitespace: true, message: requiredMessage }
          : { whitespace: true, message: t('validation.required', { field: label }) },
        zodRule(schema, label),
      ]}
    >
      <Input maxLength={maxLength} autoFocus />
    </Form.Item>
  );
}

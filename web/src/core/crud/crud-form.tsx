import type { Entity } from '@backroom/contract';
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '../form-dialog';
import { api } from '../request';
import type { Editing, FieldSpec } from './CrudPage';
import { normalizeValue, zodRule } from './zod-rule';

export type CrudFormProps = {
  entity: Entity;
  fields: FieldSpec[];
  /** What is being edited; the dialog is open while this is set. */
  editing: Editing | null;
  /** Values a new record starts with. */
  defaults?: Record<string, unknown>;
  beforeSubmit?: (values: Record<string, unknown>, mode: 'add' | 'edit') => Record<string, unknown>;
  width?: number;
  labelOf: (key: string) => string;
  onClose: () => void;
  onSaved: () => Promise<void>;
};

/**
 * The add/edit dialog of a CrudPage: the fields the screen lists, validated by the declaration's
 * own zod schemas (create for add, update for edit). Loaded the first time it opens.
 */
export function CrudForm({
  entity,
  fields,
  editing,
  defaults,
  beforeSubmit,
  width,
  labelOf,
  onClose,
  onSaved,
}: CrudFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();

  const schema = editing?.mode === 'edit' ? entity.schemas.update : entity.schemas.create;
  const shown = fields.filter((f) => !f.only || f.only === editing?.mode);

  const submit = (raw: Record<string, unknown>, target: Editing) => {
    const values: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw)) {
      const normalized = normalizeValue(value, schema.shape[key] as z.ZodType | undefined);
      if (normalized !== undefined) values[key] = normalized;
    }
    if (target.mode === 'edit' && target.row) values.id = target.row.id;
    const body = beforeSubmit ? beforeSubmit(values, target.mode) : values;
    return target.mode === 'add' ? api.post(`${entity.prefix}/add`, body) : api.post(`${entity.prefix}/update`, body);
  };

  return (
    <FormDialog
      data={editing}
      form={form}
      title={editing?.mode === 'edit' ? t('crud.edit') : t('crud.add')}
      // Each opening starts from the record, or from the defaults as the screen gives them then.
      initialValues={(e) => (e.mode === 'edit' ? (e.row ?? {}) : (defaults ?? {}))}
      submit={submit}
      savedText={t('crud.saved')}
      onSaved={async () => {
        onClose();
        await onSaved();
      }}
      onClose={onClose}
      width={width ?? 720}
      className="crud-form"
    >
      <Form.Item noStyle shouldUpdate>
        {() => (
          <Row gutter={16}>
            {shown
              .filter((f) => !f.when || f.when(form.getFieldsValue(true)))
              .map((f) => {
                const fieldSchema = schema.shape[f.name] as z.ZodType | undefined;
                const label = typeof f.label === 'string' ? f.label : labelOf(f.name);
                const schemaRequired = fieldSchema ? !fieldSchema.safeParse(undefined).success : false;
                const required = f.required ?? schemaRequired;
                // The schema's own rule already reports a missing value; add one only where it would not.
                const requiredRule =
                  f.required && !schemaRequired
                    ? [{ required: true, message: t('validation.required', { field: label }) }]
                    : [];
                return (
                  <Col key={f.name} xs={24} md={f.span ?? 12}>
                    <Form.Item
                      name={f.name}
                      label={f.label ?? label}
                      tooltip={f.tooltip}
                      required={required}
                      valuePropName={f.valuePropName}
                      rules={[...requiredRule, zodRule(fieldSchema, label), ...(f.extraRules ?? [])]}
                    >
                      {f.input ?? <Input maxLength={entity.columns[f.name]?.length} />}
                    </Form.Item>
                  </Col>
                );
              })}
          </Row>
        )}
      </Form.Item>
    </FormDialog>
  );
}

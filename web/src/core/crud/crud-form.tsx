import type { Entity } from '@backroom/contract';
import { useMutation } from '@tanstack/react-query';
import { Col, Form, Input, Modal, Row } from 'antd';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useFeedback } from '../app-feedback';
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
  const { message } = useFeedback();
  const [form] = Form.useForm<Record<string, unknown>>();

  // Screens pass their defaults as a new object on every render: read them when a dialog opens,
  // not as a reason to start the form over while someone types.
  const defaultsRef = useRef(defaults);
  defaultsRef.current = defaults;
  // Each opening starts from the record (or the defaults), before the dialog is painted.
  useLayoutEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(editing.mode === 'edit' ? (editing.row ?? {}) : (defaultsRef.current ?? {}));
  }, [editing, form]);

  const save = useMutation({
    mutationFn: async ({ mode, values }: { mode: 'add' | 'edit'; values: Record<string, unknown> }) =>
      mode === 'add' ? api.post(`${entity.prefix}/add`, values) : api.post(`${entity.prefix}/update`, values),
    onSuccess: async () => {
      void message.success(t('crud.saved'));
      onClose();
      await onSaved();
    },
  });

  const schema = editing?.mode === 'edit' ? entity.schemas.update : entity.schemas.create;
  const shown = fields.filter((f) => !f.only || f.only === editing?.mode);

  const handleSubmit = async () => {
    if (!editing) return;
    // A form with problems shows them beside its fields; nothing more to do here.
    const raw = await form.validateFields().catch(() => null);
    if (!raw) return;
    const values: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw)) {
      const normalized = normalizeValue(value, schema.shape[key] as z.ZodType | undefined);
      if (normalized !== undefined) values[key] = normalized;
    }
    if (editing.mode === 'edit' && editing.row) values.id = editing.row.id;
    save.mutate({ mode: editing.mode, values: beforeSubmit ? beforeSubmit(values, editing.mode) : values });
  };

  return (
    <Modal
      open={editing !== null}
      title={editing?.mode === 'edit' ? t('crud.edit') : t('crud.add')}
      onCancel={onClose}
      onOk={() => void handleSubmit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      width={width ?? 720}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" className="crud-form">
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
      </Form>
    </Modal>
  );
}

import type { Entity } from '@backroom/contract';
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '../form-dialog';
import type { Locale } from '../i18n';
import { call } from '../request';
import { type CrudRow, type CrudValues, crudApi, type Editing, type FieldSpec } from './crud-types';
import { recordNameOf, thingOf } from './record-name';
import { normalizeValue, zodRule } from './zod-rule';

export type CrudFormProps = {
  entity: Entity;
  fields: FieldSpec[];
  /** What is being edited; the dialog is open while this is set. */
  editing: Editing | null;
  /** Values a new record starts with. */
  defaults?: CrudValues;
  beforeSubmit?: (values: CrudValues, mode: 'add' | 'edit') => CrudValues;
  /** Sends a new record instead of the standard add (see CrudProps.addWith). */
  add?: (values: CrudValues) => Promise<unknown>;
  width?: number;
  /** The dialog's title; "Add user" or "Edit user: alice" when absent. */
  title?: string;
  /** The name of the record being edited, for the title; the declaration's naming column when absent. */
  recordName?: (row: CrudRow) => string;
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
  add,
  width,
  title,
  recordName,
  labelOf,
  onClose,
  onSaved,
}: CrudFormProps) {
  const { t, i18n } = useTranslation();
  const thing = thingOf(entity, i18n.language as Locale);
  const [form] = Form.useForm<CrudValues>();
  const api = crudApi(entity);

  const schema = editing?.mode === 'edit' ? entity.schemas.update : entity.schemas.create;
  const shown = fields.filter((f) => !f.only || f.only === editing?.mode);
  // A field whose input holds its value in another form (json as text) says how to read it back.
  const parseOf = (key: string) => shown.find((f) => f.name === key && f.parse)?.parse;

  const submit = (raw: CrudValues, target: Editing) => {
    const values: CrudValues = {};
    for (const [key, input] of Object.entries(raw)) {
      const parse = parseOf(key);
      const value = parse && input !== '' && input !== undefined && input !== null ? parse(input) : input;
      const normalized = normalizeValue(value, schema.shape[key] as z.ZodType | undefined);
      if (normalized !== undefined) values[key] = normalized;
    }
    if (target.mode === 'edit' && target.row) values.id = target.row.id;
    const body = beforeSubmit ? beforeSubmit(values, target.mode) : values;
    if (target.mode === 'edit') return call(api.update, body);
    return add ? add(body) : call(api.add, body);
  };

  /** The record (or the defaults) as the inputs hold them. */
  const startValues = (start: CrudValues): CrudValues => {
    const values = { ...start };
    for (const f of fields) if (f.format && f.name in values) values[f.name] = f.format(values[f.name]);
    return values;
  };

  return (
    <FormDialog
      data={editing}
      form={form}
      // The thing, and on edit the record: "Edit user: alice", like every dialog of the app.
      title={
        title ??
        (editing?.mode === 'edit' && editing.row
          ? t('crud.editThing', { thing, name: (recordName ?? ((row) => recordNameOf(entity, row)))(editing.row) })
          : t('crud.addThing', { thing }))
      }
      // Each opening starts from the record, or from the defaults as the screen gives them then.
      initialValues={(e) => startValues(e.mode === 'edit' ? (e.row ?? {}) : (defaults ?? {}))}
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
                      rules={[
                        ...requiredRule,
                        ...(f.schemaRule === false ? [] : [zodRule(fieldSchema, label, f.parse)]),
                        ...(f.extraRules ?? []),
                      ]}
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

import { PLUGIN_SECRET_MASK } from '@backroom/contract';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

/** The part of a JSON Schema property the generated form understands. */
export type SchemaProperty = {
  type?: string;
  title?: string;
  description?: string;
  enum?: unknown[];
  format?: string;
  writeOnly?: boolean;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  items?: { enum?: unknown[] };
};
export type ObjectSchema = { properties?: Record<string, SchemaProperty>; required?: string[] };

export const isSecret = (p: SchemaProperty) => p.writeOnly === true || p.format === 'password';

/** One input for one property of the plugin's config schema; the server checks the whole object. */
function inputFor(property: SchemaProperty, stored: unknown) {
  if (property.type === 'boolean') return <Switch />;
  if (property.type === 'number' || property.type === 'integer') {
    return <InputNumber min={property.minimum} max={property.maximum} style={{ width: '100%' }} />;
  }
  if (property.type === 'array' && property.items?.enum) {
    return (
      <Select mode="multiple" allowClear options={property.items.enum.map((v) => ({ value: v, label: String(v) }))} />
    );
  }
  if (property.enum) return <Select options={property.enum.map((v) => ({ value: v, label: String(v) }))} />;
  if (isSecret(property)) {
    return (
      <Input.Password
        maxLength={property.maxLength}
        autoComplete="new-password"
        data-stored={stored === PLUGIN_SECRET_MASK}
      />
    );
  }
  return <Input maxLength={property.maxLength} />;
}

/** The fields of a config form, generated from the plugin's JSON Schema (top-level properties). */
export function SchemaFields({ schema, stored }: { schema: ObjectSchema; stored: Record<string, unknown> }) {
  const { t } = useTranslation();
  const required = new Set(schema.required ?? []);
  return (
    <>
      {Object.entries(schema.properties ?? {}).map(([key, property]) => (
        <Form.Item
          key={key}
          name={key}
          label={property.title ?? key}
          valuePropName={property.type === 'boolean' ? 'checked' : 'value'}
          extra={
            isSecret(property) && stored[key] === PLUGIN_SECRET_MASK
              ? t('plugin.config.secretKept')
              : property.description
          }
          rules={[
            {
              required: required.has(key) && !(isSecret(property) && stored[key] === PLUGIN_SECRET_MASK),
              message: t('plugin.config.required'),
            },
          ]}
        >
          {inputFor(property, stored[key])}
        </Form.Item>
      ))}
    </>
  );
}

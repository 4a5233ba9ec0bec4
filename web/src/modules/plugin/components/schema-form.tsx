import type { JsonSchema } from '@backroom/contract';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import type { FormInstance, Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { problemOf } from './schema-rules';
import {
  type FieldKind,
  hasAnyValue,
  keepsSecret,
  kindOf,
  type PropertyView,
  storedSecret,
  viewOf,
} from './schema-view';

/** The input of one property. */
function inputOf(kind: FieldKind, view: PropertyView, required: boolean, t: TFunction) {
  const options = (values: unknown[] | undefined) => (values ?? []).map((v) => ({ value: v, label: String(v) }));
  switch (kind) {
    case 'secret':
      return <Input.Password maxLength={view.maxLength} autoComplete="new-password" />;
    case 'boolean':
      return <Switch />;
    case 'number':
      return (
        <InputNumber
          min={view.minimum}
          max={view.maximum}
          precision={view.type === 'integer' ? 0 : undefined}
          style={{ width: '100%' }}
        />
      );
    case 'choice':
      return <Select allowClear={!required} options={options(view.enum)} />;
    case 'choices':
      return <Select mode="multiple" allowClear options={options(view.items?.enum)} />;
    case 'list':
      return (
        <Select
          mode="tags"
          allowClear
          tokenSeparators={[',', '\n']}
          suffixIcon={null}
          notFoundContent={null}
          placeholder={t('plugin.config.listHint')}
        />
      );
    case 'json':
      return (
        <Input.TextArea className="plugin-config-json" autoSize={{ minRows: 3, maxRows: 12 }} spellCheck={false} />
      );
    default:
      return (
        <Input
          maxLength={view.maxLength}
          type={view.format === 'email' ? 'email' : view.format === 'uri' || view.format === 'url' ? 'url' : 'text'}
          autoComplete="off"
        />
      );
  }
}

type FieldsProps = {
  root: JsonSchema;
  /** The object whose properties these are. */
  view: PropertyView;
  path: string[];
  stored: unknown;
  /** Whether this object is sent: its fields' `required` hold only then. */
  present: (form: FormInstance) => boolean;
};

/** The fields of one object of the config, a titled group for each object inside it. */
function ObjectFields({ root, view, path, stored, present }: FieldsProps) {
  const { t } = useTranslation();
  return view.properties.map(([key, schema]) => {
    const property = viewOf(root, schema);
    const at = [...path, key];
    const kind = kindOf(property, at);
    const label = property.title ?? key;
    if (kind === 'group') {
      // An optional group is sent once anything in it is filled in (or a secret in it is stored).
      const groupPresent = (form: FormInstance) =>
        present(form) && (view.required.has(key) || hasAnyValue(form.getFieldValue(at)) || keepsSecret(stored, at));
      return (
        <fieldset key={key} className="plugin-config-group" data-testid={`plugin-config-group-${at.join('.')}`}>
          <legend>{label}</legend>
          {property.description ? <p className="plugin-secondary">{property.description}</p> : null}
          <ObjectFields root={root} view={property} path={at} stored={stored} present={groupPresent} />
        </fieldset>
      );
    }
    const kept = kind === 'secret' && storedSecret(stored, at);
    const required = view.required.has(key);
    const rules: Rule[] = [
      (form) => ({
        required: required && !kept && present(form as FormInstance),
        message: t('plugin.config.required'),
      }),
      {
        validator: (_rule, value) => {
          const problem = problemOf(kind, property, value, t);
          return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
        },
      },
    ];
    const help = [property.description, kept ? t('plugin.config.secretKept') : undefined].filter(Boolean);
    return (
      <Form.Item
        key={key}
        name={at}
        label={label}
        valuePropName={kind === 'boolean' ? 'checked' : 'value'}
        extra={help.length > 0 ? help.join(' ') : undefined}
        rules={rules}
      >
        {inputOf(kind, property, required, t)}
      </Form.Item>
    );
  });
}

/**
 * The fields of a config form generated from the plugin's JSON Schema: every property, nested
 * objects as titled groups (their fields named by path), secrets as hidden inputs that keep what is
 * stored while left empty. The server checks the whole config against the same schema.
 */
export function SchemaFields({ schema, stored }: { schema: JsonSchema; stored: unknown }) {
  return <ObjectFields root={schema} view={viewOf(schema, schema)} path={[]} stored={stored} present={() => true} />;
}

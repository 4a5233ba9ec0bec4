import type { JsonSchema } from '@backroom/contract';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import type { FormInstance, Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  type FieldKind,
  hasAnyValue,
  keepsSecret,
  kindOf,
  type PropertyView,
  storedSecret,
  viewOf,
} from './schema-view';

/** What the server takes for `format: "uri"` (and `"url"`): an http(s) address. */
const URI = /^https?:\/\/\S+$/i;
// A plain shape check: the server accepts any text as an e-mail; this catches a slip of the hand.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function patternOf(source: string): RegExp | null {
  try {
    return new RegExp(source, 'u');
  } catch {
    return null;
  }
}

/** What is wrong with a text or a list entry, by the schema's string rules; undefined when nothing. */
function textProblem(view: PropertyView, value: string, t: TFunction): string | undefined {
  if (view.minLength !== undefined && value.length < view.minLength)
    return t('plugin.config.minLength', { n: view.minLength });
  if (view.maxLength !== undefined && value.length > view.maxLength)
    return t('plugin.config.maxLength', { n: view.maxLength });
  if ((view.format === 'uri' || view.format === 'url') && !URI.test(value)) return t('plugin.config.uri');
  if (view.format === 'email' && !EMAIL.test(value)) return t('plugin.config.email');
  if (view.pattern && patternOf(view.pattern)?.test(value) === false) {
    return t('plugin.config.pattern', { pattern: view.pattern });
  }
  return undefined;
}

/** What is wrong with a field's value (required aside); undefined when nothing. */
function problemOf(kind: FieldKind, view: PropertyView, value: unknown, t: TFunction): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  switch (kind) {
    case 'text':
    case 'secret':
      return textProblem(view, String(value), t);
    case 'number': {
      const n = Number(value);
      if (view.type === 'integer' && !Number.isInteger(n)) return t('plugin.config.integer');
      if (view.minimum !== undefined && n < view.minimum) return t('plugin.config.minimum', { n: view.minimum });
      if (view.maximum !== undefined && n > view.maximum) return t('plugin.config.maximum', { n: view.maximum });
      if (view.exclusiveMinimum !== undefined && n <= view.exclusiveMinimum) {
        return t('plugin.config.above', { n: view.exclusiveMinimum });
      }
      if (view.exclusiveMaximum !== undefined && n >= view.exclusiveMaximum) {
        return t('plugin.config.below', { n: view.exclusiveMaximum });
      }
      return undefined;
    }
    case 'list':
    case 'choices': {
      const list = Array.isArray(value) ? value : [];
      if (view.minItems !== undefined && list.length > 0 && list.length < view.minItems) {
        return t('plugin.config.minItems', { n: view.minItems });
      }
      if (view.maxItems !== undefined && list.length > view.maxItems) {
        return t('plugin.config.maxItems', { n: view.maxItems });
      }
      const item = view.items;
      const wrong =
        item && kind === 'list' ? list.map((v) => textProblem(item, String(v), t)).find(Boolean) : undefined;
      return wrong;
    }
    case 'json':
      try {
        JSON.parse(String(value));
        return undefined;
      } catch (error) {
        return t('plugin.config.json', { reason: error instanceof Error ? error.message : String(error) });
      }
    default:
      return undefined;
  }
}

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

import { type JsonSchema, PLUGIN_SECRET_MASK } from '@backroom/contract';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addMessages, setLocale } from '../../../core/i18n';
import en from '../locales/en.json';
import zhCn from '../locales/zh-cn.json';
import zhTw from '../locales/zh-tw.json';
import { SchemaFields } from './schema-form';
import { configOf, fieldPaths, initialValues } from './schema-view';

/** A plugin's config schema with a nested required group, an optional group with a secret, and every kind of input. */
const SCHEMA: JsonSchema = {
  type: 'object',
  required: ['endpoint'],
  $defs: { secret: { type: 'string', writeOnly: true } },
  properties: {
    endpoint: {
      type: 'object',
      title: 'Endpoint',
      description: 'Where the plugin sends to',
      required: ['url'],
      properties: {
        url: { type: 'string', title: 'URL', format: 'uri' },
        port: { type: 'integer', title: 'Port', minimum: 1, maximum: 65535, default: 443 },
        auth: {
          type: 'object',
          title: 'Sign-in',
          required: ['user'],
          properties: {
            user: { type: 'string', title: 'User' },
            token: { $ref: '#/$defs/secret', title: 'Token' },
          },
        },
      },
    },
    mode: { type: 'string', title: 'Mode', enum: ['fast', 'safe'], default: 'safe' },
    verbose: { type: 'boolean', title: 'Verbose' },
    tags: { type: 'array', title: 'Tags', items: { type: 'string', maxLength: 5 }, maxItems: 3 },
    contact: { type: 'string', title: 'Contact', format: 'email' },
  },
};

beforeAll(async () => {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: false,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
  addMessages('plugin', { 'zh-cn': zhCn, 'zh-tw': zhTw, en });
  await setLocale('en');
});
afterEach(cleanup);

describe('the config values of a nested schema', () => {
  it('start from what is stored (defaults where nothing is), stored secrets empty, and go back with the mask', () => {
    const stored = { endpoint: { url: 'https://a.test', auth: { user: 'ops', token: PLUGIN_SECRET_MASK } }, extra: 1 };
    const values = initialValues(SCHEMA, stored);
    expect(values).toEqual({
      endpoint: { url: 'https://a.test', port: 443, auth: { user: 'ops', token: undefined } },
      mode: 'safe',
      verbose: undefined,
      tags: undefined,
      contact: undefined,
    });
    // Unchanged, the stored secret goes back as the mask; what the schema allows besides stays.
    expect(configOf(SCHEMA, values, stored)).toEqual({
      extra: 1,
      endpoint: { url: 'https://a.test', port: 443, auth: { user: 'ops', token: PLUGIN_SECRET_MASK } },
      mode: 'safe',
    });
    // A new token replaces it.
    const typed = { ...values, endpoint: { url: 'https://a.test', auth: { user: 'ops', token: 'new' } } };
    expect(configOf(SCHEMA, typed, stored)).toMatchObject({ endpoint: { auth: { token: 'new' } } });
  });

  it('leaves out an optional group left empty, and names every field by its path', () => {
    const values = { endpoint: { url: 'https://a.test', auth: { user: '', token: '' } } };
    expect(configOf(SCHEMA, values, null)).toEqual({ endpoint: { url: 'https://a.test' } });
    expect(fieldPaths(SCHEMA)).toContainEqual(['endpoint', 'auth', 'token']);
    expect(fieldPaths(SCHEMA)).toContainEqual(['endpoint', 'auth']);
  });
});

/** The fields in a form of their own, which hands its instance to the test. */
function Harness({ stored, onForm }: { stored: unknown; onForm: (form: FormInstance) => void }) {
  const [form] = Form.useForm();
  onForm(form);
  return (
    <Form form={form} name="cfg" layout="vertical" initialValues={initialValues(SCHEMA, stored)}>
      <SchemaFields schema={SCHEMA} stored={stored} />
    </Form>
  );
}

describe('the config form of a nested schema', () => {
  function renderForm(stored: unknown) {
    let form: FormInstance | undefined;
    render(
      <Harness
        stored={stored}
        onForm={(instance) => {
          form = instance;
        }}
      />,
    );
    if (!form) throw new Error('no form');
    return form;
  }
  const itemOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
  const validate = async (form: FormInstance) => {
    let values: unknown;
    await act(async () => {
      values = await form.validateFields().catch(() => null);
    });
    return values;
  };

  it('draws nested objects as titled groups of fields named by path, with help and the stored secret kept', () => {
    renderForm({ endpoint: { url: 'https://a.test', auth: { user: 'ops', token: PLUGIN_SECRET_MASK } } });
    const group = screen.getByRole('group', { name: 'Endpoint' });
    expect(within(group).getByText('Where the plugin sends to')).toBeTruthy();
    const auth = within(group).getByRole('group', { name: 'Sign-in' });
    expect(within(auth).getByLabelText('User').id).toBe('cfg_endpoint_auth_user');
    expect((within(auth).getByLabelText('Token') as HTMLInputElement).type).toBe('password');
    expect(itemOf('Token').textContent).toContain('Saved and hidden');
    expect(screen.getByRole('switch', { name: 'Verbose' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Mode' })).toBeTruthy();
  });

  it('puts each problem under its own nested field', async () => {
    const form = renderForm(null);
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'ftp://a.test' } });
    fireEvent.change(screen.getByLabelText('Token'), { target: { value: 't' } });
    fireEvent.change(screen.getByLabelText('Contact'), { target: { value: 'not an address' } });
    await act(async () => form.setFieldValue(['endpoint', 'port'], 70000));
    await act(async () => form.setFieldValue('tags', ['ok', 'toolong']));
    expect(await validate(form)).toBeNull();
    // Each item draws its problem in a render of its own: on a busy machine some come later.
    await waitFor(
      () => {
        expect(itemOf('URL').textContent).toContain('Enter an address that starts with http:// or https://');
        expect(itemOf('Port').textContent).toContain('At most 65535');
        // The sign-in group is sent (its token is filled in), so its user is required.
        expect(itemOf('User').textContent).toContain('Required');
        expect(itemOf('Contact').textContent).toContain('Enter an e-mail address');
        expect(itemOf('Tags').textContent).toContain('At most 5 characters');
      },
      { timeout: 10_000 },
    );
  });

  it('does not ask for the fields of an optional group left empty', async () => {
    const form = renderForm(null);
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'https://a.test' } });
    const values = await validate(form);
    expect(values).not.toBeNull();
    expect(configOf(SCHEMA, values, null)).toEqual({ endpoint: { url: 'https://a.test', port: 443 }, mode: 'safe' });
  });
});

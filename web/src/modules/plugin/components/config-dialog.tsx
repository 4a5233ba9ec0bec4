import { type JsonSchema, type PluginInfo, pluginInfo } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Empty, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { crudQueryKey } from '../../../core/crud/CrudPage';
import { FormDialog } from '../../../core/form-dialog';
import { call, RequestError } from '../../../core/request';
import { useHeld } from '../hooks/use-held';
import { usePluginName } from '../plugin-texts';
import { SchemaFields } from './schema-form';
import { configOf, fieldPaths, initialValues } from './schema-view';

const schemaOf = (plugin: PluginInfo): JsonSchema => plugin.pluginJson?.configSchema ?? { type: 'object' };

/** The field a refusal names (`data.field`), or the nearest group of the form holding it. */
function refusedField(error: unknown, schema: JsonSchema): string[] | undefined {
  if (!(error instanceof RequestError)) return undefined;
  const field = (error.data as { field?: unknown } | undefined)?.field;
  if (!Array.isArray(field)) return undefined;
  const known = new Set(fieldPaths(schema).map((p) => JSON.stringify(p)));
  for (let n = field.length; n > 0; n -= 1) {
    const path = field.slice(0, n).map(String);
    if (known.has(JSON.stringify(path))) return path;
  }
  return undefined;
}

/**
 * The plugin's config, edited in a form generated from its schema (open while `plugin` is set).
 * Secrets come back masked: left empty, the stored value stays (the mask is sent back, which the
 * server reads as "unchanged"). A refusal is shown on the field it names.
 */
export function ConfigDialog({ plugin, onClose }: { plugin: PluginInfo | null; onClose: () => void }) {
  const { t } = useTranslation();
  const nameOf = usePluginName();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  // The dialog keeps showing its plugin while it closes.
  const shown = useHeld(plugin);
  const schema = shown ? schemaOf(shown) : { type: 'object' };
  const empty = fieldPaths(schema).length === 0;

  async function submit(values: Record<string, unknown>, target: PluginInfo) {
    const config = configOf(schemaOf(target), values, target.config);
    try {
      await call(pluginInfo.api.update, { id: target.id, config }, { silent: true });
    } catch (error) {
      const field = refusedField(error, schemaOf(target));
      const text = error instanceof Error ? error.message : String(error);
      if (field) form.setFields([{ name: field, errors: [text] }]);
      else void message.error(text);
      throw error;
    }
  }

  return (
    <FormDialog<Record<string, unknown>, PluginInfo, void>
      data={plugin}
      form={form}
      name="plugin-config"
      title={t('plugin.config.title', { name: shown ? nameOf(shown) : '' })}
      initialValues={(target) => initialValues(schemaOf(target), target.config)}
      submit={submit}
      savedText={t('plugin.config.saved')}
      onSaved={async () => {
        await queryClient.invalidateQueries({ queryKey: crudQueryKey(pluginInfo) });
        onClose();
      }}
      onClose={onClose}
      width={600}
      className="plugin-config-form"
    >
      {empty ? (
        <Empty description={t('plugin.config.none')} />
      ) : (
        <SchemaFields key={shown?.id} schema={schema} stored={shown?.config ?? null} />
      )}
    </FormDialog>
  );
}

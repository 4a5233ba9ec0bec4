import { PLUGIN_SECRET_MASK, type PluginInfo, pluginInfo } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Empty, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { crudQueryKey } from '../../../core/crud/CrudPage';
import { call } from '../../../core/request';
import { isSecret, type ObjectSchema, SchemaFields } from './schema-form';

/**
 * The plugin's config, edited in a form generated from its schema. Secrets come back masked: left
 * empty, the stored value stays (the mask is sent back, which the server reads as "unchanged").
 */
export function ConfigDialog({ plugin, onClose }: { plugin: PluginInfo; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const schema = (plugin.pluginJson?.configSchema ?? {}) as ObjectSchema;
  const stored = plugin.config ?? {};
  const properties = schema.properties ?? {};
  const initial = Object.fromEntries(
    Object.entries(properties).map(([key, p]) => {
      const value = stored[key] ?? (p as { default?: unknown }).default;
      return [key, isSecret(p) && value === PLUGIN_SECRET_MASK ? undefined : value];
    }),
  );

  async function handleSave() {
    const values = (await form.validateFields()) as Record<string, unknown>;
    const config: Record<string, unknown> = {};
    for (const [key, p] of Object.entries(properties)) {
      const value = values[key];
      if (value === undefined || value === null || value === '') {
        if (isSecret(p) && stored[key] === PLUGIN_SECRET_MASK) config[key] = PLUGIN_SECRET_MASK;
        continue;
      }
      config[key] = value;
    }
    setSaving(true);
    try {
      await call(pluginInfo.api.update, { id: plugin.id, config });
      void message.success(t('plugin.config.saved'));
      await queryClient.invalidateQueries({ queryKey: crudQueryKey(pluginInfo) });
      onClose();
    } catch {
      // The request layer has shown the server's message (which field, why).
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={t('plugin.config.title', { name: plugin.name })}
      okText={t('plugin.config.save')}
      onOk={handleSave}
      confirmLoading={saving}
      onCancel={onClose}
      destroyOnHidden
    >
      {Object.keys(properties).length === 0 ? (
        <Empty description={t('plugin.config.none')} />
      ) : (
        <Form form={form} layout="vertical" initialValues={initial} data-testid="plugin-config-form">
          <SchemaFields schema={schema} stored={stored} />
        </Form>
      )}
    </Modal>
  );
}

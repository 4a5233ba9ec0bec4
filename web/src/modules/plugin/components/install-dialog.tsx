import { InboxOutlined } from '@ant-design/icons';
import { PLUGIN_MAX_PACKAGE_BYTES, type PluginManifest, type PluginSignature, pluginInfo } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, type ButtonProps, Checkbox, Descriptions, Modal, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { crudQueryKey } from '../../../core/crud/CrudPage';
import { upload } from '../../../core/request';

type Inspected = { manifest: PluginManifest; signature: PluginSignature; installed: string | null };

const formOf = (file: File, confirmUnsigned = false) => {
  const form = new FormData();
  if (confirmUnsigned) form.append('confirmUnsigned', 'true');
  form.append('file', file, file.name);
  return form;
};

/**
 * Install or update by dropping a package: the server checks it first (inspect) and the dialog
 * shows what it is and who signed it; an unsigned package needs the operator's explicit consent.
 */
export function InstallDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File>();
  const [inspected, setInspected] = useState<Inspected>();
  const [problem, setProblem] = useState<string>();
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function handleFile(next: File) {
    setFile(next);
    setInspected(undefined);
    setProblem(undefined);
    setConsent(false);
    if (next.size > PLUGIN_MAX_PACKAGE_BYTES) {
      setProblem(t('plugin.install.tooLarge', { n: PLUGIN_MAX_PACKAGE_BYTES / 1024 / 1024 }));
      return;
    }
    setBusy(true);
    try {
      setInspected(await upload(pluginInfo.api.inspect, formOf(next), { silent: true }));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  async function handleInstall() {
    if (!file || !inspected) return;
    setBusy(true);
    try {
      const unsigned = inspected.signature.status === 'unsigned';
      const result = await upload(pluginInfo.api.install, formOf(file, unsigned && consent), { silent: true });
      void message.success(
        t(result.updated ? 'plugin.install.updated' : 'plugin.install.done', {
          name: inspected.manifest.name,
          version: result.version,
        }),
      );
      await queryClient.invalidateQueries({ queryKey: crudQueryKey(pluginInfo) });
      onClose();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  const unsigned = inspected?.signature.status === 'unsigned';
  return (
    <Modal
      open
      title={t('plugin.install.title')}
      okText={inspected?.installed ? t('plugin.install.update') : t('plugin.install.install')}
      okButtonProps={
        { disabled: !inspected || (unsigned && !consent), 'data-testid': 'plugin-install-ok' } as ButtonProps
      }
      confirmLoading={busy}
      onOk={handleInstall}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Upload.Dragger
        accept=".zip,application/zip"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(next) => {
          void handleFile(next);
          return false;
        }}
        data-testid="plugin-drop"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">{file ? file.name : t('plugin.install.drop')}</p>
        <p className="ant-upload-hint">{t('plugin.install.hint', { n: PLUGIN_MAX_PACKAGE_BYTES / 1024 / 1024 })}</p>
      </Upload.Dragger>
      {problem ? <Alert className="plugin-install-note" type="error" showIcon title={problem} /> : null}
      {inspected ? (
        <div className="plugin-install-note" data-testid="plugin-inspected">
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('plugin.columns.name')}>{inspected.manifest.name}</Descriptions.Item>
            <Descriptions.Item label={t('plugin.columns.version')}>
              {inspected.installed
                ? t('plugin.install.fromTo', { from: inspected.installed, to: inspected.manifest.version })
                : inspected.manifest.version}
            </Descriptions.Item>
            <Descriptions.Item label={t('plugin.columns.author')}>{inspected.manifest.author}</Descriptions.Item>
            <Descriptions.Item label={t('plugin.columns.hook')}>
              {t(`plugin.hook.${inspected.manifest.hook}`)}
            </Descriptions.Item>
          </Descriptions>
          {inspected.signature.status === 'trusted' ? (
            <Alert
              className="plugin-install-note"
              type="success"
              showIcon
              title={t('plugin.install.trusted', { key: inspected.signature.keyId })}
            />
          ) : (
            <Alert
              className="plugin-install-note"
              type="warning"
              showIcon
              title={t('plugin.install.unsigned')}
              description={
                <Checkbox checked={consent} onChange={(e) => setConsent(e.target.checked)} data-testid="plugin-consent">
                  {t('plugin.install.consent')}
                </Checkbox>
              }
            />
          )}
        </div>
      ) : null}
    </Modal>
  );
}

import {
  comparePluginVersions,
  PLUGIN_MAX_PACKAGE_BYTES,
  type PluginInfo,
  type PluginManifest,
  type PluginSignature,
  pluginInfo,
} from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, type ButtonProps, Checkbox, Descriptions, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { crudQueryKey } from '../../../core/crud/CrudPage';
import { upload } from '../../../core/request';
import { FileDrop } from '../../../ui/file-drop';
import { examplePlugins, exampleUrl, needsNetwork, pluginTexts } from '../plugin-texts';

type Inspected = { manifest: PluginManifest; signature: PluginSignature; installed: string | null };

const formOf = (file: File, confirmUnsigned = false, approveNetwork = false) => {
  const form = new FormData();
  if (confirmUnsigned) form.append('confirmUnsigned', 'true');
  if (approveNetwork) form.append('approveNetwork', 'true');
  form.append('file', file, file.name);
  return form;
};

const MB = PLUGIN_MAX_PACKAGE_BYTES / 1024 / 1024;

type Props = {
  open: boolean;
  /** The plugin to update; any package when null (a new one, or a newer version of one installed). */
  target: PluginInfo | null;
  onClose: () => void;
};

/**
 * Install or update by dropping (or choosing) a package: the server checks it first (inspect) and
 * the dialog shows what it is, who signed it and which version it replaces; an unsigned package
 * needs the operator's explicit consent, and a package that cannot update what is installed (not
 * newer, another plugin than the one being updated) is refused before anything is sent.
 */
export function InstallDialog({ open, target, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const updating = target ?? null;
  const [file, setFile] = useState<File>();
  const [inspected, setInspected] = useState<Inspected>();
  const [problem, setProblem] = useState<string>();
  const [consent, setConsent] = useState(false);
  const [approval, setApproval] = useState(false);
  const [busy, setBusy] = useState(false);

  /** What stops this package from replacing what is installed, checked before the install is offered. */
  function refusalOf(next: Inspected): string | undefined {
    const { manifest, installed } = next;
    if (updating && manifest.keyName !== updating.keyName) {
      return t('plugin.update.otherPlugin', {
        other: pluginTexts(manifest, manifest, i18n.language).name,
        name: pluginTexts(updating.pluginJson, updating, i18n.language).name,
      });
    }
    if (installed && comparePluginVersions(manifest.version, installed) <= 0) {
      return t('plugin.update.notNewer', { version: manifest.version, installed });
    }
    return undefined;
  }

  async function handleFile(next: File) {
    setFile(next);
    setInspected(undefined);
    setProblem(undefined);
    setConsent(false);
    setApproval(false);
    if (next.size > PLUGIN_MAX_PACKAGE_BYTES) {
      setProblem(t('plugin.install.tooLarge', { n: MB }));
      return;
    }
    setBusy(true);
    try {
      const answer = await upload(pluginInfo.api.inspect, formOf(next), { silent: true });
      setInspected(answer);
      setProblem(refusalOf(answer));
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
      const network = needsNetwork(inspected.manifest.network);
      const result = await upload(pluginInfo.api.install, formOf(file, unsigned && consent, network && approval), {
        silent: true,
      });
      void message.success(
        t(result.updated ? 'plugin.install.updated' : 'plugin.install.done', {
          name: pluginTexts(inspected.manifest, inspected.manifest, i18n.language).name,
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

  /** The next opening starts with nothing chosen. */
  function handleAfterClose() {
    setFile(undefined);
    setInspected(undefined);
    setProblem(undefined);
    setConsent(false);
    setApproval(false);
  }

  /** An example plugin, packed at build and served beside the app: the same checks as a dropped file. */
  async function chooseExample(manifest: (typeof examplePlugins)[number]) {
    try {
      const response = await fetch(exampleUrl(manifest));
      if (!response.ok) throw new Error(String(response.status));
      const name = exampleUrl(manifest).split('/').pop() ?? 'plugin.zip';
      await handleFile(new File([await response.blob()], name, { type: 'application/zip' }));
    } catch {
      setProblem(t('plugin.install.exampleFailed'));
    }
  }

  const unsigned = inspected?.signature.status === 'unsigned';
  const asksNetwork = needsNetwork(inspected?.manifest.network);
  const blocked = !inspected || problem !== undefined || (unsigned && !consent) || (asksNetwork && !approval);
  return (
    <Modal
      open={open}
      title={
        updating
          ? t('plugin.update.title', { name: pluginTexts(updating.pluginJson, updating, i18n.language).name })
          : t('plugin.install.title')
      }
      okText={inspected?.installed ? t('plugin.install.update') : t('plugin.install.install')}
      okButtonProps={{ disabled: blocked, 'data-testid': 'plugin-install-ok' } as ButtonProps}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={handleInstall}
      onCancel={onClose}
      afterClose={handleAfterClose}
      destroyOnHidden
      width={560}
    >
      <FileDrop
        className="plugin-drop"
        inputTestId="plugin-file"
        accept=".zip,application/zip"
        title={file ? file.name : t('plugin.install.drop')}
        hint={
          updating ? t('plugin.update.hint', { version: updating.version, n: MB }) : t('plugin.install.hint', { n: MB })
        }
        onFile={(next) => void handleFile(next)}
      />
      {!updating && !file ? (
        <div className="plugin-install-note" data-testid="plugin-examples">
          <div className="plugin-secondary">{t('plugin.install.examples')}</div>
          <div className="plugin-examples">
            {examplePlugins.map((manifest) => {
              const name = pluginTexts(manifest, manifest, i18n.language).name;
              return (
                <Button
                  key={manifest.keyName}
                  size="small"
                  title={t('plugin.install.exampleTitle', { name, version: manifest.version })}
                  onClick={() => void chooseExample(manifest)}
                  data-testid={`plugin-example-${manifest.keyName}`}
                >
                  {name}
                </Button>
              );
            })}
          </div>
        </div>
      ) : null}
      {problem ? (
        <Alert className="plugin-install-note" type="error" showIcon title={problem} data-testid="plugin-problem" />
      ) : null}
      {inspected ? (
        <InspectedPackage
          inspected={inspected}
          consent={consent}
          onConsent={setConsent}
          approval={approval}
          onApproval={setApproval}
        />
      ) : null}
    </Modal>
  );
}

/** What the server read from the package: its manifest, the version it replaces and who signed it. */
function InspectedPackage({
  inspected,
  consent,
  onConsent,
  approval,
  onApproval,
}: {
  inspected: Inspected;
  consent: boolean;
  onConsent: (consent: boolean) => void;
  approval: boolean;
  onApproval: (approval: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const { manifest, installed, signature } = inspected;
  const { network } = manifest;
  const titleOf = (field: string) => {
    const property = (manifest.configSchema.properties as Record<string, { title?: unknown }> | undefined)?.[field];
    return typeof property?.title === 'string' ? property.title : field;
  };
  return (
    <div className="plugin-install-note" data-testid="plugin-inspected">
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('plugin.columns.name')}>
          {pluginTexts(manifest, manifest, i18n.language).name}
        </Descriptions.Item>
        <Descriptions.Item label={t('plugin.columns.version')}>
          {installed ? t('plugin.install.fromTo', { from: installed, to: manifest.version }) : manifest.version}
        </Descriptions.Item>
        <Descriptions.Item label={t('plugin.columns.author')}>{manifest.author}</Descriptions.Item>
        <Descriptions.Item label={t('plugin.columns.hook')}>{t(`plugin.hook.${manifest.hook}`)}</Descriptions.Item>
      </Descriptions>
      {signature.status === 'trusted' ? (
        <Alert
          className="plugin-install-note"
          type="success"
          showIcon
          title={t('plugin.install.trusted', { key: signature.keyId })}
          data-testid="plugin-signature"
        />
      ) : (
        <Alert
          className="plugin-install-note"
          type="warning"
          showIcon
          title={t('plugin.install.unsigned')}
          data-testid="plugin-signature"
          description={
            <Checkbox checked={consent} onChange={(e) => onConsent(e.target.checked)} data-testid="plugin-consent">
              {t('plugin.install.consent')}
            </Checkbox>
          }
        />
      )}
      {needsNetwork(network) ? (
        <Alert
          className="plugin-install-note"
          type="info"
          showIcon
          title={t('plugin.install.network')}
          data-testid="plugin-network"
          description={
            <>
              <ul className="plugin-hosts">
                {network.hosts.map((host) => (
                  <li key={host}>
                    <code>{host}</code>
                  </li>
                ))}
                {network.configUrls.map((field) => (
                  <li key={field}>{t('plugin.install.networkConfig', { field: titleOf(field) })}</li>
                ))}
                {network.privateAddresses ? <li>{t('plugin.install.networkPrivate')}</li> : null}
              </ul>
              <Checkbox checked={approval} onChange={(e) => onApproval(e.target.checked)} data-testid="plugin-approve">
                {t('plugin.install.networkApprove')}
              </Checkbox>
            </>
          }
        />
      ) : (
        <Alert className="plugin-install-note" type="info" showIcon title={t('plugin.install.networkNone')} />
      )}
    </div>
  );
}

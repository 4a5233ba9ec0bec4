import { ExportOutlined } from '@ant-design/icons';
import { baseOpen } from '@backroom/contract';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '../../../core/request';

/**
 * The public page of a rich-text parameter (base/open/html): a browser tab sends no token, so the
 * open call serves it, rich text only and sanitised, under a CSP sandbox.
 */
export function paramPageUrl(keyName: string): string {
  return `${API_BASE}${baseOpen.api.html.url}?key=${encodeURIComponent(keyName)}`;
}

/** "Open page": the parameter's public page in a new tab. */
export function OpenPageLink({ keyName, asButton }: { keyName: string; asButton?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button
      type={asButton ? 'default' : 'link'}
      size={asButton ? 'middle' : 'small'}
      icon={<ExportOutlined />}
      href={paramPageUrl(keyName)}
      target="_blank"
      rel="noopener noreferrer"
      title={t('param.openPageHint')}
      data-testid={`param-open-${keyName}`}
    >
      {t('param.openPage')}
    </Button>
  );
}

type Props = {
  /** The parameter shown, or null when the preview is closed. */
  param: { keyName: string; name: string } | null;
  onClose: () => void;
};

/** The rendered page of a rich-text parameter as the public call serves it, framed and sandboxed. */
export function ParamPreview({ param, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={param !== null}
      title={param ? t('param.previewTitle', { name: param.name }) : undefined}
      onCancel={onClose}
      width={800}
      destroyOnHidden
      footer={
        param ? (
          <div className="param-preview-footer">
            <OpenPageLink keyName={param.keyName} asButton />
            <Button type="primary" onClick={onClose}>
              {t('param.close')}
            </Button>
          </div>
        ) : null
      }
    >
      {param && (
        <iframe
          className="param-preview-frame"
          title={t('param.previewFrame', { key: param.keyName })}
          src={paramPageUrl(param.keyName)}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          data-testid="param-preview-frame"
        />
      )}
    </Modal>
  );
}

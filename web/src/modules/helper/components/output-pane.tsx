import { CloudDownloadOutlined, CopyOutlined, FileExcelOutlined } from '@ant-design/icons';
import type { Locale } from '@backroom/contract/i18n';
import { Button, Input, Typography } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { saveFile } from '../../../core/download';
import { formatSize } from '../../../core/format-size';
import type { TransformOutput } from '../hooks/use-transform';
import { type Converter, KINDS } from '../transform/registry';

/** The result: a text to read, copy or download, or a file to download; an error takes its place. */
export function OutputPane({
  converter,
  output,
  error,
}: {
  converter: Converter;
  output: TransformOutput | null;
  error: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const locale = i18n.language as Locale;
  const kind = KINDS[converter.to];
  const data = output?.data;
  const section = useRef<HTMLElement>(null);
  // On a phone the result sits below the input: a new result or error out of sight is brought up.
  const shown = output ?? error;
  useEffect(() => {
    const top = section.current?.getBoundingClientRect().top;
    if (shown && top !== undefined && top > window.innerHeight - 80)
      section.current?.scrollIntoView({ block: 'start' });
  }, [shown]);
  const handleCopy = async () => {
    if (typeof data !== 'string') return;
    try {
      await navigator.clipboard.writeText(data);
      void message.success(t('helper.transform.copied'));
    } catch {
      void message.error(t('helper.transform.copyFailed'));
    }
  };
  const handleDownload = () => {
    if (data === undefined || !output) return;
    // Excel reads a UTF-8 CSV as such only when it starts with a byte-order mark.
    const body = converter.to === 'csv' && typeof data === 'string' ? `\uFEFF${data}` : data;
    saveFile(output.name ?? `converted.${kind.extension}`, body as BlobPart, kind.mime);
  };
  return (
    <section ref={section} className="transform-pane" aria-labelledby="transform-output-title">
      <div className="transform-pane-head">
        <Typography.Title level={2} id="transform-output-title" className="transform-pane-title">
          {t('helper.transform.output')} · {kind.label[locale]}
        </Typography.Title>
        <div className="transform-pane-actions">
          {!kind.binary && (
            <Button size="small" icon={<CopyOutlined />} disabled={typeof data !== 'string'} onClick={handleCopy}>
              {t('helper.transform.copy')}
            </Button>
          )}
          <Button size="small" icon={<CloudDownloadOutlined />} disabled={data === undefined} onClick={handleDownload}>
            {t('helper.transform.download')}
          </Button>
        </div>
      </div>
      {error ??
        (data instanceof Uint8Array ? (
          <div className="transform-file" data-testid="transform-file">
            <FileExcelOutlined className="transform-file-icon" aria-hidden />
            <span>{t('helper.transform.fileReady', { kind: kind.label[locale], size: formatSize(data.length) })}</span>
          </div>
        ) : (
          <Input.TextArea
            className="transform-code"
            aria-labelledby="transform-output-title"
            data-testid="transform-output"
            readOnly
            value={data ?? ''}
            placeholder={t('helper.transform.outputEmpty')}
            spellCheck={false}
          />
        ))}
    </section>
  );
}

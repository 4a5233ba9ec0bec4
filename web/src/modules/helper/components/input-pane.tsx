import { ClearOutlined, ClockCircleOutlined, FileAddOutlined } from '@ant-design/icons';
import type { Locale } from '@backroom/contract/i18n';
import { Button, Input, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import type { KeyboardEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../core/format-size';
import { FileDrop } from '../../../ui/file-drop';
import type { ChosenFile } from '../hooks/use-transform';
import { type Converter, KINDS } from '../transform/registry';

type Props = {
  converter: Converter;
  text: string;
  file: ChosenFile | null;
  textRef: Ref<TextAreaRef>;
  onText(text: string): void;
  onFile(file: ChosenFile): void;
  onSample(): void;
  onNow(): void;
  onClear(): void;
  onRun(): void;
};

/** The input: a text area for texts (Ctrl+Enter converts), a file drop for the kinds that are files. */
export function InputPane({ converter, text, file, textRef, onText, onFile, onSample, onNow, onClear, onRun }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const kind = KINDS[converter.from];
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onRun();
    }
  };
  return (
    <section className="transform-pane" aria-labelledby="transform-input-title">
      <div className="transform-pane-head">
        <Typography.Title level={2} id="transform-input-title" className="transform-pane-title">
          {t('helper.transform.input')} · {kind.label[locale]}
        </Typography.Title>
        <div className="transform-pane-actions">
          {converter.sample !== undefined && (
            <Button size="small" icon={<FileAddOutlined />} onClick={onSample}>
              {t('helper.transform.sample')}
            </Button>
          )}
          {(converter.from === 'timestamps' || converter.from === 'dates') && (
            <Button size="small" icon={<ClockCircleOutlined />} onClick={onNow}>
              {t('helper.transform.now')}
            </Button>
          )}
          <Button size="small" icon={<ClearOutlined />} onClick={onClear}>
            {t('helper.transform.clear')}
          </Button>
        </div>
      </div>
      {kind.binary ? (
        <FileDrop
          className="transform-drop"
          inputTestId="transform-file-input"
          accept={`.${kind.extension}`}
          title={t('helper.transform.chooseFile')}
          hint={
            file
              ? t('helper.transform.fileChosen', { name: file.name, size: formatSize(file.bytes.length) })
              : t('helper.transform.fileHint')
          }
          onFile={(chosen) => {
            void chosen.arrayBuffer().then((buffer) => onFile({ name: chosen.name, bytes: new Uint8Array(buffer) }));
          }}
        />
      ) : (
        <Input.TextArea
          ref={textRef}
          className="transform-code"
          aria-labelledby="transform-input-title"
          aria-describedby="transform-shortcut"
          data-testid="transform-input"
          value={text}
          spellCheck={false}
          placeholder={t('helper.transform.inputPlaceholder', { kind: kind.label[locale] })}
          onChange={(event) => onText(event.target.value)}
          onKeyDown={handleKeyDown}
        />
      )}
    </section>
  );
}

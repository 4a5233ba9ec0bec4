import { SwapOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ConverterOptions } from '../components/converter-options';
import { InputPane } from '../components/input-pane';
import { OutputPane } from '../components/output-pane';
import { TransformErrorAlert } from '../components/transform-error';
import { useTransform } from '../hooks/use-transform';
import type { TextPosition } from '../transform/errors';
import '../helper.css';

/**
 * The transform utility (menu 实用工具 → 数据转换): the conversions of transform/registry.ts, run in
 * the browser, with the result to copy or download.
 */
export default function TransformView() {
  const { t } = useTranslation();
  const state = useTransform();
  const textRef = useRef<TextAreaRef>(null);

  /** Puts the cursor where the input went wrong, and scrolls the text area to that line. */
  const handleShow = (at: TextPosition) => {
    const area = textRef.current?.resizableTextArea?.textArea;
    if (!area) return;
    area.focus();
    area.setSelectionRange(at.offset, Math.min(at.offset + 1, area.value.length));
    const lineHeight = Number.parseFloat(getComputedStyle(area).lineHeight) || 20;
    area.scrollTop = Math.max(0, (at.line - 1) * lineHeight - area.clientHeight / 2);
  };

  return (
    <Card title={t('helper.transform.title')} className="transform-page">
      <Typography.Paragraph type="secondary">{t('helper.transform.intro')}</Typography.Paragraph>
      <ConverterOptions
        converter={state.converter}
        values={state.values}
        onChoose={state.choose}
        onValue={state.setValue}
      />
      <div className="transform-actions">
        <Button
          type="primary"
          icon={<ThunderboltOutlined />}
          loading={state.running}
          onClick={state.run}
          data-testid="transform-run"
        >
          {t('helper.transform.convert')}
        </Button>
        {state.converter.reverse && (
          <Button icon={<SwapOutlined />} onClick={state.swap} data-testid="transform-swap">
            {t('helper.transform.swap')}
          </Button>
        )}
        {!state.binaryInput && (
          <Typography.Text type="secondary" id="transform-shortcut" className="transform-shortcut">
            {t('helper.transform.shortcut')}
          </Typography.Text>
        )}
      </div>
      <div className="transform-panes">
        <InputPane
          converter={state.converter}
          text={state.text}
          file={state.file}
          textRef={textRef}
          onText={state.setText}
          onFile={state.setFile}
          onSample={state.fillSample}
          onNow={state.fillNow}
          onClear={state.clear}
          onRun={state.run}
        />
        <OutputPane
          converter={state.converter}
          output={state.output}
          error={
            state.error && (
              <TransformErrorAlert error={state.error} onShow={state.binaryInput ? undefined : handleShow} />
            )
          }
        />
      </div>
      <span className="transform-status" role="status">
        {state.running ? t('helper.transform.loading') : ''}
      </span>
    </Card>
  );
}

import { EyeOutlined } from '@ant-design/icons';
import { type ParamDataType, type SysParam, sysParam } from '@backroom/contract';
import { Button, Input, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../core/crud/CrudPage';
import { FileInput } from '../../space';
import { OpenPageLink, ParamPreview } from '../components/param-preview';
import { richTextExcerpt } from '../components/rich-text-excerpt';
import { RichTextInput } from '../components/rich-text-input';
import '../components/param.css';

const COLORS: Record<ParamDataType, string> = { 0: 'blue', 1: 'purple', 2: 'green' };

/** The data cell: one line, a rich text as the start of its words, never its markup. */
function DataCell({ row }: { row: SysParam }) {
  const { t } = useTranslation();
  const text = row.dataType === 1 ? richTextExcerpt(row.data) : (row.data ?? '');
  if (text === '') return <span className="param-excerpt param-excerpt-empty">{t('param.empty')}</span>;
  return (
    <span
      className="param-excerpt"
      title={row.dataType === 1 ? richTextExcerpt(row.data, 300) : text.slice(0, 300)}
      data-testid={`param-data-${row.keyName}`}
    >
      {text}
    </span>
  );
}

/**
 * Parameters: the screen the declaration gives (columns, the type filter, the form and its
 * defaults), with what is particular to parameters: a coloured type, the update time, and a data
 * field that is a text (a JSON-looking one must be JSON, the server checks), a rich text written in
 * an editor (shown in the list as an excerpt, with a preview and its public page), or a file's address.
 */
export default function Params() {
  const { t } = useTranslation();
  const [previewing, setPreviewing] = useState<SysParam | null>(null);
  return (
    <>
      <CrudPage
        history
        entity={sysParam}
        overrides={{
          dataType: {
            column: { render: (value) => <Tag color={COLORS[value]}>{t(`base.param.types.${value}`)}</Tag> },
          },
          data: {
            column: { sortable: false, render: (_value, row) => <DataCell row={row} /> },
            field: [
              {
                tooltip: t('base.param.dataHint'),
                when: (values) => values.dataType === undefined || values.dataType === 0,
                input: <Input.TextArea rows={6} />,
              },
              // Rich text: the editor (its own chunk, loaded when this variant first shows).
              {
                span: 24,
                tooltip: t('param.richHint'),
                when: (values) => values.dataType === 1,
                input: <RichTextInput label={t('param.editor')} />,
              },
              // A file parameter holds an address: typed, or chosen from the file space.
              { when: (values) => values.dataType === 2, input: <FileInput /> },
            ],
          },
          // A name wraps rather than being cut ("不可重复使用的最近密…"): each row is two lines of actions high.
          name: { column: { ellipsis: false, onPhone: true } },
          // A phone shows the key and the name, the row's actions in one menu (nothing sideways).
          keyName: { column: { onPhone: true } },
          // At 1440 px the list fits without scrolling; the remark waits in the column settings.
          remark: { column: { hidden: true } },
          createTime: { column: false },
          updateTime: { column: { width: 170 } },
        }}
        rowActions={(row) =>
          row.dataType === 1 && (
            <>
              <Button
                type="link"
                size="small"
                icon={<EyeOutlined />}
                onClick={() => setPreviewing(row)}
                data-testid={`param-preview-${row.keyName}`}
              >
                {t('param.preview')}
              </Button>
              <OpenPageLink keyName={row.keyName} />
            </>
          )
        }
      />
      <ParamPreview param={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}

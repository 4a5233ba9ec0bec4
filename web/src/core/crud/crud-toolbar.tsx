import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Input, Popconfirm, Select, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deferredDialog } from '../lazy';
import { ColumnSettings } from './column-settings';
import type { SettledCrudProps } from './crud-types';
import { RefreshButton } from './parts';
import { searchFormItems } from './search-form';
import type { CrudPageState } from './use-crud-page';

/** Above the table: refresh, add, batch delete and the screen's own buttons; filters, keyword and column settings. */
export function CrudToolbar({ props, state }: { props: SettledCrudProps; state: CrudPageState }) {
  const { t, i18n } = useTranslation();
  const { can, selected, remove } = state;
  const [keyWord, setKeyWord] = useState('');
  const keywordHint = props.keywordPlaceholder ?? searchedFields(props.entity, i18n.language) ?? t('crud.keyword');
  return (
    <div className="crud-toolbar">
      <Space wrap>
        <RefreshButton onRefresh={() => void state.refresh()} />
        {can.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void state.openEdit()} data-testid="crud-add">
            {t('crud.add')}
          </Button>
        )}
        {can.delete && (
          <Popconfirm
            title={t('crud.confirmBatchDeleteThing', { count: selected.length, thing: state.thing })}
            okText={t('crud.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            disabled={selected.length === 0}
            onConfirm={() => remove.mutateAsync(selected)}
          >
            <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0}>
              {t('crud.batchDelete')}
            </Button>
          </Popconfirm>
        )}
        {(can.export || can.import) && <ExcelButtons props={props} state={state} />}
        {props.toolbar}
      </Space>
      <Space wrap className="crud-search">
        {searchFormItems(props.filters).map((f) =>
          f.text ? (
            <TextFilter key={f.name} name={f.name} label={f.label} state={state} />
          ) : (
            <Select
              key={f.name}
              allowClear
              placeholder={f.label}
              aria-label={typeof f.label === 'string' ? f.label : f.name}
              style={{ minWidth: 120, maxWidth: 220 }}
              // A long choice (a staff member's name and number) shows whole in the list, and its title
              // on the chosen one: two never look alike cut short.
              popupMatchSelectWidth={false}
              showSearch={f.options.length > 8 ? { optionFilterProp: 'label' } : undefined}
              options={f.options.map((o) => ({ ...o, title: typeof o.label === 'string' ? o.label : undefined }))}
              value={state.filters[f.name] as string | number | undefined}
              onChange={(value) => state.handleFilter(f.name, value)}
            />
          ),
        )}
        <Input.Search
          allowClear
          placeholder={keywordHint}
          aria-label={keywordHint}
          value={keyWord}
          maxLength={100}
          onChange={(e) => setKeyWord(e.target.value)}
          onSearch={state.handleSearch}
          style={{ width: 220 }}
        />
        <ColumnSettings
          columns={props.columns.map((c) => ({ key: c.key, title: c.title ?? state.labelOf(c.key) }))}
          hidden={state.hiddenColumns}
          onToggle={state.toggleColumn}
          onReset={state.resetColumns}
        />
      </Space>
    </div>
  );
}

/** A text filter: the page matches it anywhere in its column (a like filter), on Enter or the search button. */
function TextFilter({ name, label, state }: { name: string; label: ReactNode; state: CrudPageState }) {
  const [text, setText] = useState('');
  const hint = typeof label === 'string' ? label : name;
  return (
    <Input.Search
      allowClear
      placeholder={hint}
      aria-label={hint}
      value={text}
      maxLength={100}
      onChange={(e) => setText(e.target.value)}
      onSearch={(value) => state.handleFilter(name, value.trim() === '' ? undefined : value.trim())}
      style={{ width: 180 }}
      data-testid={`crud-filter-${name}`}
    />
  );
}

/**
 * What the keyword searches, named by the declaration's labels ("Key or Name", "键或名称"), so a
 * derived screen says it as the hand-made ones do; undefined when it searches nothing declared.
 */
function searchedFields(entity: SettledCrudProps['entity'], language: string): string | undefined {
  const locale = language === 'en' ? 'en' : language === 'zh-tw' ? 'zh-tw' : 'zh-cn';
  const columns: Readonly<Record<string, { label: Record<typeof locale, string> } | undefined>> = entity.columns;
  const joined: Readonly<Record<string, { label: Record<typeof locale, string> } | undefined>> = entity.joined;
  const labels = [
    ...entity.keyWordJoined.map((key) => joined[key]?.label[locale]),
    ...entity.query.keyWordLikeFields.map((key) => columns[key]?.label[locale]),
  ].filter((label): label is string => !!label);
  if (labels.length === 0) return undefined;
  const tag = locale === 'en' ? 'en' : locale === 'zh-tw' ? 'zh-TW' : 'zh-CN';
  return new Intl.ListFormat(tag, { type: 'disjunction' }).format(labels);
}

// The excel dialogs (antd's Upload, the report table) load the first time one opens.
const ExportDialog = deferredDialog(
  () => import('./excel-dialogs').then((m) => m.ExportDialog),
  (props) => props.open,
);
const ImportDialog = deferredDialog(
  () => import('./excel-dialogs').then((m) => m.ImportDialog),
  (props) => props.open,
);

/** Export and import of an entity that declares `excel`, each shown to those who hold its permissions. */
function ExcelButtons({ props, state }: { props: SettledCrudProps; state: CrudPageState }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'export' | 'import' | null>(null);
  const visible = props.columns.filter((c) => !state.hiddenColumns.has(c.key)).map((c) => c.key);
  // One item of the toolbar's row: its buttons keep the row's spacing between them.
  return (
    <Space wrap>
      {state.can.export && (
        <Button icon={<DownloadOutlined />} onClick={() => setOpen('export')} data-testid="crud-export">
          {t('excel.export')}
        </Button>
      )}
      {state.can.import && (
        <Button icon={<UploadOutlined />} onClick={() => setOpen('import')} data-testid="crud-import">
          {t('excel.import')}
        </Button>
      )}
      <ExportDialog
        entity={props.entity}
        open={open === 'export'}
        visible={visible}
        filters={state.listFilters}
        onClose={() => setOpen(null)}
      />
      <ImportDialog
        entity={props.entity}
        open={open === 'import'}
        onClose={() => setOpen(null)}
        onImported={() => void state.changed()}
      />
    </Space>
  );
}

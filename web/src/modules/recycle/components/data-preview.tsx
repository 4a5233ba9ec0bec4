import {
  type Column,
  declarations,
  type Entity,
  type RecycleData,
  type RecycleSet,
  recycleData,
} from '@backroom/contract';
import { Descriptions, Drawer, Empty, Table, type TableColumnType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { nameColumnOf } from '../../../core/crud/record-name';
import { describeValue } from '../../../core/describe-value';
import { i18n, type Locale } from '../../../core/i18n';
import { useScreen } from '../../../core/screen';

type Row = Record<string, unknown>;

const byTable = new Map<string, Entity>();
const byName = new Map<string, Entity>();
for (const d of declarations) {
  if (d.kind !== 'entity') continue;
  byTable.set(d.table, d);
  byName.set(d.entityName, d);
}

const BASE_COLUMNS: Record<string, string> = {
  createTime: 'crud.createTime',
  updateTime: 'crud.updateTime',
};

/** A bare id (the row's own, or one pointing at another row): it tells a reader nothing. */
const isIdKey = (key: string) => key === 'id' || /I[dD]$/.test(key) || /_id$/.test(key);
/** A secret or a connection id, whatever the table (the server leaves them out already). */
const SECRET_KEY = /pass(word)?$|passwordhash|secret|token|apikey|privatekey|socketid|totp/i;

/** What a table's rows are, in the reader's language: the declared entity, a known join table, or the raw name. */
export function tableLabel(table: string, t: TFunction, locale: Locale): string {
  const entity = byTable.get(table);
  if (entity) return entity.label[locale];
  const key = `recycle.tables.${table}`;
  return t(key, { defaultValue: table });
}

/** The deleted entity's name from a record's entityInfo. */
export function entityLabel(record: Pick<RecycleData, 'entityInfo'>, t: TFunction, locale: Locale): string {
  const info = record.entityInfo;
  const entity = byName.get(info?.entity ?? '') ?? byTable.get(info?.table ?? '');
  if (entity) return entity.label[locale];
  return info?.table ? tableLabel(info.table, t, locale) : (info?.entity ?? '—');
}

/** The names of the deleted records ("alice", "alice, bob +3"); empty when the rows have none. */
export function recordNames(record: Pick<RecycleData, 'entityInfo' | 'data'>, shown = 2): string {
  const entity = byName.get(record.entityInfo?.entity ?? '') ?? byTable.get(record.entityInfo?.table ?? '');
  const column = entity ? nameColumnOf(entity) : undefined;
  const rows = Array.isArray(record.data) ? record.data : [];
  const names = rows
    .map((row) => (column === undefined ? undefined : row[column]))
    .filter((name): name is string => typeof name === 'string' && name.trim() !== '');
  if (names.length === 0) return '';
  const more = rows.length - Math.min(shown, names.length);
  return `${names.slice(0, shown).join(', ')}${more > 0 ? ` +${more}` : ''}`;
}

/** A field's label when a reader may see it: declared (and not hidden), a base time, or a known extra; else none. */
function fieldLabel(table: string, key: string, t: TFunction, locale: Locale): string | undefined {
  if (isIdKey(key) || SECRET_KEY.test(key)) return undefined;
  const entity = byTable.get(table);
  const column = entity?.columns[key];
  if (column) return column.hidden ? undefined : column.label[locale];
  if (BASE_COLUMNS[key]) return t(BASE_COLUMNS[key]);
  const extra = `recycle.columns.${key}`;
  return i18n.exists(extra) ? t(extra) : undefined;
}

/** A stored value as a person reads it: dashes for nothing, yes/no for flags, an enum's words, JSON as text. */
export function readable(value: unknown, t: TFunction, column?: Column, locale: Locale = 'en'): ReactNode {
  if (value === null || value === undefined || value === '') return <span className="recycle-muted">—</span>;
  if (column?.kind === 'bool' || typeof value === 'boolean') {
    const on = value === true || value === 1 || value === '1';
    return <Tag color={on ? 'green' : 'default'}>{on ? t('recycle.yes') : t('recycle.no')}</Tag>;
  }
  const meaning = column?.valueLabels?.[String(value)];
  if (meaning) return meaning[locale];
  if (typeof value === 'object' || column?.kind === 'json') return describeValue(value) || '—';
  return String(value);
}

function SetTable({ set, main }: { set: RecycleSet; main: boolean }) {
  const { t, i18n: i18next } = useTranslation();
  const locale = i18next.language as Locale;
  const entity = byTable.get(set.table);
  const keys: string[] = [];
  for (const row of set.rows) for (const key of Object.keys(row)) if (!keys.includes(key)) keys.push(key);
  const name = entity ? nameColumnOf(entity) : undefined;
  // The name first, the times last, as the other screens show them; only fields with a label.
  const ordered = [
    ...keys.filter((k) => k === name),
    ...keys.filter((k) => k !== name && k !== 'createTime' && k !== 'updateTime'),
    ...keys.filter((k) => k === 'createTime' || k === 'updateTime'),
  ].flatMap((key) => {
    const title = fieldLabel(set.table, key, t, locale);
    return title === undefined ? [] : [{ key, title }];
  });
  const columns: TableColumnType<Row>[] = ordered.map(({ key, title }) => ({
    key,
    dataIndex: key,
    title,
    ellipsis: true,
    width: key.endsWith('Time') ? 170 : undefined,
    render: (value: unknown) => readable(value, t, entity?.columns[key], locale),
  }));
  return (
    <section className="recycle-set" aria-label={tableLabel(set.table, t, locale)}>
      <div className="recycle-set-head">
        <Typography.Text strong>{tableLabel(set.table, t, locale)}</Typography.Text>
        <Tag color={main ? 'blue' : 'default'}>{main ? t('recycle.main') : t('recycle.related')}</Tag>
        <span className="recycle-muted recycle-set-count">{t('recycle.rows', { count: set.rows.length })}</span>
      </div>
      {/* Links between rows (a user's roles) are ids alone: their count says it all. */}
      {columns.length > 0 && (
        <Table<Row>
          size="small"
          rowKey={(row) => String(row.id)}
          columns={columns}
          dataSource={set.rows}
          pagination={set.rows.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
          scroll={{ x: 'max-content' }}
        />
      )}
    </section>
  );
}

/** The deleted rows of one record, a table per set: the entity's rows first, then what went with them. */
export function DataPreview({
  record,
  onClose,
  footer,
}: {
  record: RecycleData | null;
  onClose: () => void;
  footer?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const screen = useScreen();
  const sets = record
    ? [{ table: record.entityInfo.table, rows: record.data }, ...(record.related ?? [])].filter(
        (s) => s.rows.length > 0,
      )
    : [];
  return (
    <Drawer
      open={record !== null}
      onClose={onClose}
      title={
        record
          ? [t('recycle.previewTitle', { entity: entityLabel(record, t, locale) }), recordNames(record)]
              .filter(Boolean)
              .join(' · ')
          : ''
      }
      size={screen === 'xs' || screen === 'sm' ? '100%' : 960}
      footer={footer}
      destroyOnHidden
    >
      {record && (
        <>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 1, md: 2 }}
            title={t('recycle.summary')}
            items={[
              { key: 'entity', label: t('recycle.entity'), children: entityLabel(record, t, locale) },
              { key: 'names', label: t('recycle.records'), children: recordNames(record, 5) || '—' },
              { key: 'count', label: recycleData.columns.count.label[locale], children: record.count },
              {
                key: 'operator',
                label: t('recycle.operator'),
                children: record.userName ?? <span className="recycle-muted">{t('recycle.unknownOperator')}</span>,
              },
              { key: 'time', label: t('recycle.deletedAt'), children: record.createTime },
              {
                key: 'url',
                label: recycleData.columns.url.label[locale],
                span: 2,
                children: <code className="recycle-code">{record.url}</code>,
              },
              {
                key: 'status',
                label: t('recycle.status'),
                span: 2,
                children: record.restoreTime ? (
                  <Tag color="green">{t('recycle.restoredAt', { time: record.restoreTime })}</Tag>
                ) : (
                  <Tag color="blue">{t('recycle.pending')}</Tag>
                ),
              },
            ]}
          />
          <div className="recycle-sets">
            {sets.length === 0 ? (
              <Empty description={t('recycle.noData')} />
            ) : (
              sets.map((set, i) => <SetTable key={set.table} set={set} main={i === 0} />)
            )}
          </div>
        </>
      )}
    </Drawer>
  );
}

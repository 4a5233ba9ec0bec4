import { declarations, type Entity, type RecycleData, type RecycleSet, recycleData } from '@backroom/contract';
import { Descriptions, Drawer, Empty, Table, type TableColumnType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../core/i18n';
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
  id: 'crud.id',
  createTime: 'crud.createTime',
  updateTime: 'crud.updateTime',
};

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

function columnLabel(table: string, key: string, t: TFunction, locale: Locale): string {
  const column = byTable.get(table)?.columns[key];
  if (column) return column.label[locale];
  if (BASE_COLUMNS[key]) return t(BASE_COLUMNS[key]);
  return t(`recycle.columns.${key}`, { defaultValue: key });
}

/** A stored value as a person reads it: dashes for nothing, yes/no for flags, JSON parsed and compact. */
export function readable(value: unknown, t: TFunction, kind?: string): ReactNode {
  if (value === null || value === undefined || value === '') return <span className="recycle-muted">—</span>;
  if (kind === 'bool' || typeof value === 'boolean') {
    const on = value === true || value === 1 || value === '1';
    return <Tag color={on ? 'green' : 'default'}>{on ? t('recycle.yes') : t('recycle.no')}</Tag>;
  }
  if (typeof value === 'object') return <code className="recycle-code">{JSON.stringify(value)}</code>;
  if (kind === 'json' && typeof value === 'string') {
    try {
      return <code className="recycle-code">{JSON.stringify(JSON.parse(value))}</code>;
    } catch {
      return String(value);
    }
  }
  return String(value);
}

function SetTable({ set, main }: { set: RecycleSet; main: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const entity = byTable.get(set.table);
  const keys: string[] = [];
  for (const row of set.rows) for (const key of Object.keys(row)) if (!keys.includes(key)) keys.push(key);
  // id first, the times last, as the other screens show them.
  const ordered = [
    ...keys.filter((k) => k === 'id'),
    ...keys.filter((k) => !['id', 'createTime', 'updateTime'].includes(k)),
    ...keys.filter((k) => k === 'createTime' || k === 'updateTime'),
  ];
  const columns: TableColumnType<Row>[] = ordered.map((key) => ({
    key,
    dataIndex: key,
    title: columnLabel(set.table, key, t, locale),
    ellipsis: true,
    width: key === 'id' ? 80 : key.endsWith('Time') ? 170 : undefined,
    render: (value: unknown) => readable(value, t, entity?.columns[key]?.kind),
  }));
  return (
    <section className="recycle-set" aria-label={tableLabel(set.table, t, locale)}>
      <div className="recycle-set-head">
        <Typography.Text strong>{tableLabel(set.table, t, locale)}</Typography.Text>
        <Tag color={main ? 'blue' : 'default'}>{main ? t('recycle.main') : t('recycle.related')}</Tag>
        <span className="recycle-muted">{t('recycle.rows', { count: set.rows.length })}</span>
        <span className="recycle-muted recycle-code">{set.table}</span>
      </div>
      <Table<Row>
        size="small"
        rowKey={(row) => String(row.id)}
        columns={columns}
        dataSource={set.rows}
        pagination={set.rows.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
      />
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
      title={record ? t('recycle.previewTitle', { entity: entityLabel(record, t, locale) }) : ''}
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
                key: 'params',
                label: t('recycle.params'),
                span: 2,
                children: readable(record.params, t),
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

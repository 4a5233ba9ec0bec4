import { type AuditEvent, type Entity, sysAudit } from '@backroom/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Empty, Pagination, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../request';
import './history.css';

const SIZE = 10;

/** `<module>/<path>`: the key a record's events are filed under (server/src/core/history.ts). */
export const entityKeyOf = (entity: Entity) => `${entity.module}/${entity.path}`;

/** One event's changed fields: label, old → new, or "changed" where the values are withheld. */
export function ChangeList({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  if (event.changes.length === 0) return null;
  return (
    <dl className="history-changes">
      {event.changes.map((c) => (
        <div key={c.field}>
          <dt>{c.label}</dt>
          <dd>
            {c.withheld ? (
              <span className="history-muted">{t('crud.history.changed')}</span>
            ) : (
              <>
                {c.old !== undefined && c.old !== null && (
                  <>
                    <del>{c.old}</del>
                    <span aria-hidden="true"> → </span>
                  </>
                )}
                <ins>{c.new ?? t('crud.history.none')}</ins>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One event's heading: action, time, operator. */
export function EventHead({ event, locale }: { event: AuditEvent; locale: 'zh-cn' | 'zh-tw' | 'en' }) {
  const { t } = useTranslation();
  const action = sysAudit.columns.action.valueLabels?.[event.action]?.[locale] ?? event.action;
  return (
    <div className="history-head">
      <Tag color={event.action === 'delete' ? 'red' : event.action === 'add' ? 'green' : 'blue'}>{action}</Tag>
      <time>{event.createTime}</time>
      <span className="history-muted">
        {t('crud.history.by', { name: event.userName ?? t('crud.history.system') })}
      </span>
    </div>
  );
}

/** A record's history, newest first, paged: the History tab of a record's details. */
export function RecordHistory({ entity, id }: { entity: Entity; id: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as 'zh-cn' | 'zh-tw' | 'en';
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['audit', 'record', entityKeyOf(entity), id, page, locale],
    queryFn: () => call(sysAudit.api.record, { entity: entityKeyOf(entity), id, page, size: SIZE }),
  });
  if (query.isError) return <Alert type="error" showIcon message={t('crud.history.loadError')} />;
  if (query.isLoading || !query.data) return <Spin className="history-loading" />;
  const { list, pagination } = query.data;
  if (list.length === 0) return <Empty description={t('crud.history.empty')} />;
  return (
    <div className="history" data-testid="record-history">
      <ol className="history-events">
        {list.map((event) => (
          <li key={event.id}>
            <EventHead event={event} locale={locale} />
            <ChangeList event={event} />
            {event.reqId && (
              <Link className="history-request" to={`/sys/log?reqId=${encodeURIComponent(event.reqId)}`}>
                {t('crud.history.request', { id: event.reqId })}
              </Link>
            )}
          </li>
        ))}
      </ol>
      {pagination.total > SIZE && (
        <Pagination size="small" current={page} pageSize={SIZE} total={pagination.total} onChange={setPage} />
      )}
    </div>
  );
}

/** The drawer a row's History action opens: the record's events, newest first. */
export function HistoryDrawer({
  entity,
  record,
  onClose,
}: {
  entity: Entity;
  record: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={record !== null}
      onClose={onClose}
      title={record ? t('crud.history.title', { name: record.name }) : ''}
      width="min(560px, 100vw)"
      destroyOnHidden
    >
      {record && <RecordHistory entity={entity} id={record.id} />}
    </Drawer>
  );
}

import { ClearOutlined, SaveOutlined } from '@ant-design/icons';
import { declarations, type Entity, LOG_OUTCOMES, outcomeOf, sysLog } from '@backroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, InputNumber, Popconfirm, Popover, Space, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CrudPage, crudQueryKey } from '../../../core/crud/CrudPage';
import { useUrlFilters } from '../../../core/crud/url-filters';
import { describeValue } from '../../../core/describe-value';
import { i18n, type Locale } from '../../../core/i18n';
import { usePerm } from '../../../core/permission';
import { call } from '../../../core/request';
import './log.css';
import { useFeedback } from '../../../core/app-feedback';

const KEEP_MIN = 1;
const KEEP_MAX = 3650;
const KEEP_KEY = ['base', 'log', 'keep'] as const;

/** Request params as stored: an object, or JSON text from older rows. */
function readParams(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && Object.keys(value).length === 0);

/** The declared entity a request address belongs to (`/admin/customer/info/export` → customer info). */
function entityOfUrl(url: string): Entity | undefined {
  return declarations.find((d): d is Entity => d.kind === 'entity' && url.startsWith(`/admin/${d.module}/${d.path}/`));
}

/** A request's fields in the reader's words: the entity's column labels, the list calls' own, else the name. */
function paramLabel(key: string, entity: Entity | undefined, t: TFunction, locale: Locale): string {
  const column = entity?.columns[key];
  if (column) return column.label[locale];
  const own = `base.log.paramNames.${key}`;
  return i18n.exists(own) ? t(own) : key;
}

/** The params in one line as readable text (an export's filters, a page's query), each field on its own line a click away. */
function ParamsCell({ value, url }: { value: unknown; url: string }) {
  const { t, i18n: i18next } = useTranslation();
  const locale = i18next.language as Locale;
  const params = readParams(value);
  if (isEmpty(params)) return <span className="log-muted">—</span>;
  const entity = entityOfUrl(url);
  const label = (key: string) => paramLabel(key, entity, t, locale);
  const compact = describeValue(params, label);
  const lines =
    typeof params === 'object' && params !== null && !Array.isArray(params)
      ? Object.entries(params)
          .map(([key, v]) => [label(key), describeValue(v, label)] as const)
          .filter(([, text]) => text !== '')
      : [];
  return (
    <Popover
      trigger="click"
      placement="bottomLeft"
      title={t('base.log.paramsTitle')}
      content={
        lines.length > 0 ? (
          <dl className="log-params-list">
            {lines.map(([name, text]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{text}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="log-json">{compact}</p>
        )
      }
    >
      <button type="button" className="log-params" title={t('base.log.paramsShow')}>
        {compact}
      </button>
    </Popover>
  );
}

const OUTCOME_COLOURS = { success: 'green', refused: 'orange', failed: 'red' } as const;

/** How the answer ended: success, refused (4xx, with its message) or failed (5xx); nothing on older rows. */
function OutcomeCell({ status, message }: { status: number | null | undefined; message: string | null | undefined }) {
  const { t } = useTranslation();
  const outcome = outcomeOf(status);
  if (!outcome) return <span className="log-muted">—</span>;
  return (
    <span className="log-outcome">
      <Tag color={OUTCOME_COLOURS[outcome]}>
        {t(`base.audit.outcomes.${outcome}`)} {status}
      </Tag>
      {outcome !== 'success' && message && <span className="log-outcome-message">{message}</span>}
    </span>
  );
}

/** The keep-days setting: how long request log rows are kept before the daily purge. */
function KeepDays() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const canRead = usePerm(sysLog.perms.getKeep);
  const canWrite = usePerm(sysLog.perms.setKeep);
  const keep = useQuery({
    queryKey: KEEP_KEY,
    queryFn: () => call(sysLog.api.getKeep),
    enabled: canRead,
  });
  const [draft, setDraft] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (keep.data !== undefined) setDraft(keep.data);
  }, [keep.data]);

  if (!canRead && !canWrite) return null;

  const valid = draft !== null && Number.isInteger(draft) && draft >= KEEP_MIN && draft <= KEEP_MAX;
  const dirty = valid && draft !== keep.data;

  const handleSave = async () => {
    if (!valid) {
      void message.warning(t('base.log.keepRange', { min: KEEP_MIN, max: KEEP_MAX }));
      return;
    }
    setSaving(true);
    try {
      await call(sysLog.api.setKeep, { value: draft });
      queryClient.setQueryData(KEEP_KEY, draft);
      void message.success(t('base.log.keepSaved', { count: draft }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space.Compact>
      <Tooltip title={t('base.log.keepHint', { min: KEEP_MIN, max: KEEP_MAX })}>
        <InputNumber
          min={KEEP_MIN}
          max={KEEP_MAX}
          precision={0}
          value={draft}
          disabled={!canWrite || keep.isLoading}
          onChange={(v) => setDraft(typeof v === 'number' ? v : null)}
          onPressEnter={() => void handleSave()}
          prefix={<span className="log-muted">{t('base.log.keep')}</span>}
          suffix={<span className="log-muted">{t('base.log.days')}</span>}
          aria-label={t('base.log.keepLabel')}
          style={{ width: 190 }}
        />
      </Tooltip>
      {canWrite && (
        <Button
          icon={<SaveOutlined />}
          type={dirty ? 'primary' : 'default'}
          loading={saving}
          onClick={() => void handleSave()}
        >
          {t('common.save')}
        </Button>
      )}
    </Space.Compact>
  );
}

/** The request log: read-only, searched by user name, address or IP; keep days and clear. */
export default function LogList() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const canClear = usePerm(sysLog.perms.clear);
  // The audit screen links a change to its request here.
  const linked = useUrlFilters([{ kind: 'value', name: 'reqId', label: t('base.audit.request') }]);

  const handleClear = async () => {
    await call(sysLog.api.clear);
    void message.success(t('base.log.cleared'));
    await queryClient.invalidateQueries({ queryKey: crudQueryKey(sysLog) });
  };

  return (
    <CrudPage
      entity={sysLog}
      banner={linked.bar}
      params={linked.params}
      keywordPlaceholder={t('base.log.search')}
      filters={[
        {
          name: 'outcome',
          label: t('base.audit.outcome'),
          options: LOG_OUTCOMES.map((o) => ({ value: o, label: t(`base.audit.outcomes.${o}`) })),
        },
      ]}
      columns={[
        {
          key: 'name',
          width: 140,
          sortable: true,
          render: (v) => v || <span className="log-muted">{t('base.log.anonymous')}</span>,
        },
        { key: 'action', width: 280, render: (v) => <span className="log-code">{v}</span> },
        { key: 'ip', width: 140 },
        {
          key: 'params',
          width: 320,
          ellipsis: false,
          sortable: false,
          render: (v, row) => <ParamsCell value={v} url={row.action} />,
        },
        {
          key: 'status',
          title: t('base.audit.outcome'),
          width: 220,
          ellipsis: false,
          render: (v, row) => <OutcomeCell status={v} message={row.message} />,
        },
        { key: 'duration', width: 90, render: (v) => (v === null || v === undefined ? '—' : `${v} ms`) },
        { key: 'createTime', title: t('base.log.time'), width: 170 },
        {
          key: 'reqId',
          width: 200,
          render: (v) =>
            v ? (
              <Link to={`/sys/audit?reqId=${encodeURIComponent(v)}`} title={t('base.audit.historyLink')}>
                {v}
              </Link>
            ) : null,
        },
      ]}
      fields={[]}
      toolbar={
        <>
          <KeepDays />
          {canClear && (
            <Popconfirm
              placement="bottomLeft"
              title={t('base.log.clearConfirm')}
              description={t('base.log.clearWarning')}
              okText={t('base.log.clear')}
              okButtonProps={{ danger: true }}
              cancelText={t('common.cancel')}
              onConfirm={() => handleClear()}
            >
              <Button danger icon={<ClearOutlined />}>
                {t('base.log.clear')}
              </Button>
            </Popconfirm>
          )}
        </>
      }
    />
  );
}

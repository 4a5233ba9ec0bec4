import { ClearOutlined, SaveOutlined } from '@ant-design/icons';
import { sysLog } from '@backroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, InputNumber, Popconfirm, Popover, Space, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage, crudQueryKey } from '../../../core/crud/CrudPage';
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

/** The params in one line, with the whole JSON a click away. */
function ParamsCell({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const params = readParams(value);
  if (isEmpty(params)) return <span className="log-muted">—</span>;
  const compact = typeof params === 'string' ? params : JSON.stringify(params);
  const full = typeof params === 'string' ? params : JSON.stringify(params, null, 2);
  return (
    <Popover
      trigger="click"
      placement="bottomLeft"
      title={t('base.log.paramsTitle')}
      content={<pre className="log-json">{full}</pre>}
    >
      <button type="button" className="log-params" title={t('base.log.paramsShow')}>
        {compact}
      </button>
    </Popover>
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

  const handleClear = async () => {
    await call(sysLog.api.clear);
    void message.success(t('base.log.cleared'));
    await queryClient.invalidateQueries({ queryKey: crudQueryKey(sysLog) });
  };

  return (
    <CrudPage
      entity={sysLog}
      keywordPlaceholder={t('base.log.search')}
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
          render: (v) => <ParamsCell value={v} />,
        },
        { key: 'createTime', title: t('base.log.time'), width: 170 },
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

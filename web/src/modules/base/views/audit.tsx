import { DownloadOutlined } from '@ant-design/icons';
import {
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditEvent,
  declarations,
  type Entity,
  type Locale,
  sysAudit,
  sysUser,
} from '@backroom/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CrudPage } from '../../../core/crud/CrudPage';
import { ChangeList } from '../../../core/crud/history';
import { useUrlFilters } from '../../../core/crud/url-filters';
import { usePerm } from '../../../core/permission';
import { call, download, RequestError, saveFile } from '../../../core/request';
import { useScreen } from '../../../core/screen';
import './log.css';

/** The entities whose records have a history, by their key (`customer/info`). */
const ENTITIES = declarations.filter((d): d is Entity => d.kind === 'entity' && d !== sysAudit);
const TIME = 'YYYY-MM-DD HH:mm:ss';
/** A date ("2026-12-03") at the table's phone size, with the cell's padding. */
const PHONE_TIME_WIDTH = 88;

/** "2026-12-03 15:04:05" as two lines: the date, then the time. */
function PhoneTime({ value }: { value: string | null }) {
  if (!value) return null;
  const [date, time] = value.split(' ');
  return (
    <span className="audit-when">
      <span>{date}</span>
      <span className="log-muted">{time}</span>
    </span>
  );
}

/**
 * The audit screen (系统管理 → 操作审计): every recorded change, newest first, filtered by
 * operator, entity, action, record and time, exported to Excel; each event links to its request
 * in the request log.
 */
export default function AuditView() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const phone = useScreen() === 'xs';
  const canExport = usePerm(sysAudit.perms.export);
  const canUsers = usePerm(sysUser.perms.list);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [exporting, setExporting] = useState(false);
  const linked = useUrlFilters([
    { kind: 'value', name: 'reqId', label: t('base.audit.request') },
    { kind: 'id', name: 'recordId', label: sysAudit.columns.recordId.label[locale] },
    { kind: 'value', name: 'entity', label: t('base.audit.entity') },
  ]);
  const users = useQuery({
    queryKey: ['audit', 'operators'],
    queryFn: () => call(sysUser.api.list, {}),
    enabled: canUsers,
  });
  const [userId, setUserId] = useState<number | undefined>();
  const [entity, setEntity] = useState<string | undefined>();
  const [action, setAction] = useState<AuditAction | undefined>();
  const params = {
    ...linked.params,
    ...(userId !== undefined ? { userId } : {}),
    ...(entity !== undefined ? { entity } : {}),
    ...(action !== undefined ? { action } : {}),
    ...(range?.[0] ? { from: range[0].format(TIME) } : {}),
    ...(range?.[1] ? { to: range[1].format(TIME) } : {}),
  };

  const handleExport = async () => {
    setExporting(true);
    try {
      const file = await download(sysAudit.api.export, params as never);
      saveFile(file.blob, file.name);
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    } finally {
      setExporting(false);
    }
  };

  return (
    <CrudPage
      entity={sysAudit}
      banner={linked.bar}
      params={params}
      keywordPlaceholder={t('base.audit.search')}
      filters={[]}
      toolbar={
        <>
          {canUsers && (
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('base.audit.operator')}
              aria-label={t('base.audit.operator')}
              data-testid="audit-operator"
              value={userId}
              onChange={setUserId}
              style={{ width: phone ? '100%' : 160 }}
              options={(users.data ?? []).map((u) => ({ value: u.id, label: u.name ?? u.username }))}
            />
          )}
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('base.audit.entity')}
            aria-label={t('base.audit.entity')}
            value={entity}
            onChange={setEntity}
            style={{ width: phone ? '100%' : 160 }}
            options={ENTITIES.map((e) => ({ value: `${e.module}/${e.path}`, label: e.label[locale] }))}
          />
          <Select
            allowClear
            placeholder={t('base.audit.action')}
            aria-label={t('base.audit.action')}
            value={action}
            onChange={setAction}
            style={{ width: phone ? '100%' : 130 }}
            options={AUDIT_ACTIONS.map((a) => ({
              value: a,
              label: sysAudit.columns.action.valueLabels?.[a]?.[locale] ?? a,
            }))}
          />
          <DatePicker.RangePicker
            showTime
            allowEmpty={[true, true]}
            value={range}
            onChange={(v) => setRange(v)}
            aria-label={t('base.audit.range')}
            style={{ maxWidth: phone ? '100%' : 380 }}
          />
          {canExport && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void handleExport()}>
              {exporting ? t('base.audit.exporting') : t('base.audit.export')}
            </Button>
          )}
        </>
      }
      columns={[
        {
          key: 'createTime',
          title: t('base.audit.time'),
          width: 170,
          onPhone: true,
          // On a phone the date over the time, whole, leaving the width to who and what.
          phoneWidth: PHONE_TIME_WIDTH,
          ellipsis: !phone,
          render: phone ? (v: string) => <PhoneTime value={v} /> : undefined,
        },
        { key: 'userName', width: 120, onPhone: true },
        {
          key: 'entity',
          width: 120,
          render: (_v, row) => (row as unknown as AuditEvent).entityLabel,
        },
        { key: 'recordName', width: 160, onPhone: true, render: (v, row) => v ?? `#${row.recordId}` },
        {
          key: 'action',
          width: 110,
          render: (v) => sysAudit.columns.action.valueLabels?.[v]?.[locale] ?? v,
        },
        {
          key: 'changes',
          title: t('base.audit.changes'),
          width: 360,
          ellipsis: false,
          sortable: false,
          render: (_v, row) => <ChangeList event={row as unknown as AuditEvent} />,
        },
        {
          key: 'reqId',
          width: 200,
          render: (v) =>
            v ? (
              <Link to={`/sys/log?reqId=${encodeURIComponent(v)}`} title={t('base.audit.requestLink')}>
                {v}
              </Link>
            ) : null,
        },
        { key: 'ip', width: 130, hidden: true },
      ]}
      fields={[]}
    />
  );
}

import { FileTextOutlined } from '@ant-design/icons';
import { type Locale, TASK_SCHEDULES, taskInfo } from '@backroom/contract';
import { Button, InputNumber, Radio, Segmented, Tag, Tooltip } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage, type CrudRowOf } from '../../../core/crud/CrudPage';
import { usePerm } from '../../../core/permission';
import { ArgsInput, HandlerSelect, handlerLabel } from '../components/handler-inputs';
import { RunOnceButton } from '../components/run-once-button';
import { RunningSwitch } from '../components/running-switch';
import { CronInput, SecondsInput } from '../components/schedule-inputs';
import { previewSchedule } from '../components/schedule-preview';
import { StatusToggle } from '../components/status-toggle';
import { TaskLogDrawer } from '../components/task-log-drawer';
import { useTaskHandlers } from '../hooks/use-task-handlers';
import '../task.css';
import { DateTimeInput } from '../../../ui/date-time-input';

type Scope = 'all' | 0 | 1;
type TaskRow = CrudRowOf<typeof taskInfo>;

/** Runs since the last start, from the scheduler's repeatConf. */
function runCount(row: TaskRow): number {
  try {
    const count = Number((JSON.parse(row.repeatConf ?? '{}') as { count?: unknown }).count);
    return Number.isInteger(count) ? count : 0;
  } catch {
    return 0;
  }
}

/**
 * Scheduled tasks (the family's /task/list): system and user tasks, a start/stop switch, run once,
 * the run log in a drawer, and a form with a cron editor that previews the next five runs.
 */
export default function TaskList() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const handlers = useTaskHandlers();
  const zone = handlers.data?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const handlerList = handlers.data?.handlers ?? [];
  const canOnce = usePerm(taskInfo.perms.once);
  const canLog = usePerm(taskInfo.perms.log);
  const [scope, setScope] = useState<Scope>('all');
  const [logOf, setLogOf] = useState<{ id: number; name: string } | null>(null);

  const statusOptions = [1, 0].map((value) => ({ value, label: t(`task.status.${value}`) }));
  const label = (field: keyof typeof taskInfo.columns) => taskInfo.columns[field].label[locale];

  const cronRule: Rule = {
    validator: async (_rule, value) => {
      if (typeof value !== 'string' || value.trim() === '') return;
      const preview = await previewSchedule({ taskType: 0, cron: value }, zone, Date.now(), 1);
      if (preview.kind === 'invalid') throw new Error(preview.problem);
    },
  };
  const endRule: Rule = ({ getFieldValue }) => ({
    validator: async (_rule, value) => {
      const start = getFieldValue('startDate') as string | null | undefined;
      if (value && start && String(value) <= start) throw new Error(t('task.form.endBeforeStart'));
    },
  });
  const jsonRule: Rule = {
    validator: async (_rule, value) => {
      if (typeof value !== 'string' || value.trim() === '') return;
      try {
        JSON.parse(value);
      } catch {
        throw new Error(t('task.form.dataInvalid'));
      }
    },
  };

  return (
    <>
      <CrudPage
        history
        entity={taskInfo}
        keywordPlaceholder={t('task.search')}
        params={scope === 'all' ? undefined : { type: scope }}
        filters={[{ name: 'status', label: t('task.statusFilter'), options: statusOptions }]}
        toolbar={
          <Segmented<Scope>
            className="task-toolbar-scope"
            value={scope}
            onChange={setScope}
            options={[
              { value: 'all', label: t('task.scope.all') },
              { value: 1, label: t('task.scope.user') },
              { value: 0, label: t('task.scope.system') },
            ]}
          />
        }
        columns={[
          {
            key: 'name',
            width: 190,
            render: (value, row) => (
              <span className="task-cell">
                <span>
                  {value}
                  {row.type === 0 && (
                    <Tooltip title={t('task.systemLocked')}>
                      <Tag color="purple" className="task-kind">
                        {t('task.kind.0')}
                      </Tag>
                    </Tooltip>
                  )}
                </span>
                {row.remark ? <span className="task-secondary">{row.remark}</span> : null}
              </span>
            ),
          },
          { key: 'type', width: 80, hidden: true, render: (value) => t(`task.kind.${String(value)}`) },
          {
            key: 'service',
            width: 160,
            render: (value) => (
              <span className="task-cell">
                <span>{handlerLabel(handlerList, value, locale)}</span>
                <code className="task-cell-code task-secondary">{value}</code>
              </span>
            ),
          },
          {
            key: 'taskType',
            title: t('task.schedule'),
            width: 140,
            sortable: false,
            render: (_value, row) => {
              const count = runCount(row);
              return (
                <span className="task-cell">
                  {row.taskType === 0 ? (
                    <code className="task-cell-code">{row.cron ?? ''}</code>
                  ) : (
                    <span>{t('task.everySeconds', { count: Number(row.every ?? 0) / 1000 })}</span>
                  )}
                  <span className="task-secondary">
                    {row.limit ? t('task.runsOfLimit', { count, limit: Number(row.limit) }) : t('task.runs', { count })}
                  </span>
                </span>
              );
            },
          },
          {
            key: 'status',
            width: 100,
            render: (value, row) => <StatusToggle id={row.id} name={row.name} status={value} />,
          },
          {
            key: 'nextRunTime',
            width: 170,
            render: (value) => value || <span className="task-muted">—</span>,
          },
          {
            key: 'lastExecuteTime',
            width: 155,
            render: (value) => value || <span className="task-muted">—</span>,
          },
          { key: 'startDate', width: 170, hidden: true },
          { key: 'endDate', width: 170, hidden: true },
          { key: 'createTime', width: 170, hidden: true },
        ]}
        rowDeletable={(row) => row.type !== 0}
        rowActions={(row) => (
          <>
            {canOnce && <RunOnceButton row={row} />}
            {canLog && (
              <Button
                type="link"
                size="small"
                icon={<FileTextOutlined />}
                onClick={() => setLogOf({ id: row.id, name: row.name })}
              >
                {t('task.log')}
              </Button>
            )}
          </>
        )}
        defaults={{ taskType: 0, status: 0 }}
        formWidth={760}
        fields={[
          { name: 'name' },
          {
            name: 'service',
            label: t('task.form.service'),
            input: <HandlerSelect handlers={handlerList} loading={handlers.isLoading} />,
          },
          {
            name: 'taskType',
            label: t('task.form.taskType'),
            span: 24,
            input: (
              <Radio.Group
                optionType="button"
                options={TASK_SCHEDULES.map((value) => ({ value, label: t(`task.scheduleType.${value}`) }))}
              />
            ),
          },
          {
            name: 'cron',
            label: t('task.form.cron'),
            span: 24,
            required: true,
            tooltip: t('task.form.cronHint', { zone }),
            when: (values) => values.taskType !== 1,
            extraRules: [cronRule],
            input: <CronInput zone={zone} />,
          },
          {
            name: 'every',
            label: t('task.form.every'),
            span: 24,
            required: true,
            tooltip: t('task.form.everyHint'),
            when: (values) => values.taskType === 1,
            input: <SecondsInput zone={zone} />,
          },
          {
            name: 'startDate',
            label: label('startDate'),
            tooltip: t('task.form.dateHint', { zone }),
            input: <DateTimeInput />,
          },
          {
            name: 'endDate',
            label: label('endDate'),
            tooltip: t('task.form.dateHint', { zone }),
            extraRules: [endRule],
            input: <DateTimeInput />,
          },
          {
            name: 'limit',
            label: t('task.form.limit'),
            input: (
              <InputNumber
                min={1}
                precision={0}
                style={{ width: '100%' }}
                placeholder={t('task.form.limitPlaceholder')}
              />
            ),
          },
          { name: 'status', label: t('task.form.status'), only: 'add', input: <RunningSwitch /> },
          {
            name: 'data',
            label: t('task.form.data'),
            span: 24,
            tooltip: t('task.form.dataHint'),
            extraRules: [jsonRule],
            input: <ArgsInput handlers={handlerList} />,
          },
          { name: 'remark', span: 24 },
        ]}
      />
      <TaskLogDrawer task={logOf} onClose={() => setLogOf(null)} />
    </>
  );
}

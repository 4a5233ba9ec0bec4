import { DownOutlined } from '@ant-design/icons';
import { TASK_MAX_EVERY_MS, TASK_MIN_EVERY_MS } from '@backroom/contract';
import { Button, Dropdown, Form, Input, InputNumber, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Preview, previewSchedule } from './schedule-preview';

type ValueProps<T> = { value?: T | null; onChange?: (value: T | null) => void; id?: string };

/** The interval, kept in milliseconds as the entity stores it, entered and shown in whole seconds (docs/spec.md §3). */
export function SecondsInput({ value, onChange, id, zone }: ValueProps<number> & { zone: string }) {
  const { t } = useTranslation();
  return (
    <>
      <InputNumber
        id={id}
        min={TASK_MIN_EVERY_MS / 1000}
        max={TASK_MAX_EVERY_MS / 1000}
        precision={0}
        style={{ width: '100%' }}
        value={value === null || value === undefined ? null : value / 1000}
        onChange={(seconds) => onChange?.(typeof seconds === 'number' ? seconds * 1000 : null)}
        suffix={t('task.form.seconds')}
        data-testid="task-every"
      />
      <SchedulePreview zone={zone} />
    </>
  );
}

const PRESETS = [
  ['every10Seconds', '*/10 * * * * *'],
  ['everyMinute', '* * * * *'],
  ['every5Minutes', '*/5 * * * *'],
  ['hourly', '0 * * * *'],
  ['daily3', '0 3 * * *'],
  ['weekdays9', '0 9 * * 1-5'],
] as const;

/** The cron editor: the pattern, a few common ones to start from, and the next five runs it gives. */
export function CronInput({ value, onChange, id, zone }: ValueProps<string> & { zone: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          value={value ?? ''}
          maxLength={100}
          placeholder="0 3 * * *"
          className="task-code"
          onChange={(e) => onChange?.(e.target.value)}
          data-testid="task-cron"
        />
        <Dropdown
          trigger={['click']}
          menu={{
            items: PRESETS.map(([key, pattern]) => ({
              key: pattern,
              label: (
                <span className="task-preset">
                  <span>{t(`task.presets.${key}`)}</span>
                  <code>{pattern}</code>
                </span>
              ),
            })),
            onClick: ({ key }) => onChange?.(key),
          }}
        >
          <Button>
            {t('task.form.cronPresets')} <DownOutlined />
          </Button>
        </Dropdown>
      </Space.Compact>
      <SchedulePreview zone={zone} />
    </>
  );
}

/** The next five run times of what the form holds now, worked out in the browser as the server would. */
function SchedulePreview({ zone }: { zone: string }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const taskType = Form.useWatch('taskType', form) as number | undefined;
  const cron = Form.useWatch('cron', form) as string | null | undefined;
  const every = Form.useWatch('every', form) as number | null | undefined;
  const startDate = Form.useWatch('startDate', form) as string | null | undefined;
  const endDate = Form.useWatch('endDate', form) as string | null | undefined;
  const [preview, setPreview] = useState<Preview | null>(null);

  useEffect(() => {
    let live = true;
    // Typing a pattern changes it at every key: wait for a pause.
    const timer = setTimeout(() => {
      void previewSchedule({ taskType, cron, every, startDate, endDate }, zone, Date.now()).then((next) => {
        if (live) setPreview(next);
      });
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [taskType, cron, every, startDate, endDate, zone]);

  if (preview?.kind === 'incomplete') return null;
  return (
    <div className="task-preview" data-testid="task-preview">
      <Typography.Text type="secondary">{t('task.form.preview', { zone })}</Typography.Text>
      {preview === null ? (
        <div className="task-preview-muted">{t('task.form.previewLoading')}</div>
      ) : preview.kind === 'invalid' ? (
        <Typography.Text type="danger">{preview.problem}</Typography.Text>
      ) : preview.ticks.length === 0 ? (
        <div className="task-preview-muted">{t('task.form.previewNone')}</div>
      ) : (
        <ol>
          {preview.ticks.map((tick) => (
            <li key={tick}>{tick}</li>
          ))}
        </ol>
      )}
    </div>
  );
}

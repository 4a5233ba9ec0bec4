import { PlayCircleOutlined } from '@ant-design/icons';
import { taskInfo } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { type CrudRowOf, crudQueryKey } from '../../../core/crud/CrudPage';
import { usePerm } from '../../../core/permission';
import { call } from '../../../core/request';
import { waitForRunEnd } from './run-end';

type TaskRow = CrudRowOf<typeof taskInfo>;

/**
 * Run once: asks first, since a task may do real work (a purge) at once. The run goes on after the
 * call answers; the button stays busy until it has ended, and the row then shows its last run.
 */
export function RunOnceButton({ row }: { row: TaskRow }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const canInfo = usePerm(taskInfo.perms.info);
  const [busy, setBusy] = useState(false);
  // Leaving the screen stops the watching, not the run.
  const watching = useRef<AbortController | null>(null);
  useEffect(() => () => watching.current?.abort(), []);

  /** After the run was accepted: waits for its end, then reads the table again. */
  const watch = async (controller: AbortController) => {
    try {
      // Without `info` the row cannot be watched: the table is read again once.
      const ended = canInfo
        ? await waitForRunEnd(
            async () =>
              (await call(taskInfo.api.info, { id: row.id }, { quiet: true, silent: true })).lastExecuteTime ?? null,
            row.lastExecuteTime ?? null,
            controller.signal,
          )
        : true;
      if (ended) {
        await queryClient.invalidateQueries({ queryKey: crudQueryKey(taskInfo) });
        if (canInfo) void message.success(t('task.onceEnded', { name: row.name }));
      }
    } finally {
      if (!controller.signal.aborted) setBusy(false);
    }
  };

  // The confirmation closes once the run is accepted; the button stays busy while it goes on.
  const handleRun = async () => {
    setBusy(true);
    const controller = new AbortController();
    watching.current?.abort();
    watching.current = controller;
    try {
      await call(taskInfo.api.once, { id: row.id });
    } catch (error) {
      setBusy(false);
      throw error;
    }
    void message.success(t('task.onceStarted'));
    void watch(controller);
  };

  return (
    <Popconfirm
      title={t('task.onceConfirm', { name: row.name })}
      description={t('task.onceHint')}
      okText={t('task.once')}
      cancelText={t('common.cancel')}
      onConfirm={() => handleRun()}
      disabled={busy}
    >
      <Button type="link" size="small" icon={<PlayCircleOutlined />} loading={busy} data-testid="task-once">
        {busy ? t('task.onceRunning') : t('task.once')}
      </Button>
    </Popconfirm>
  );
}

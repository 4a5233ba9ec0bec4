import { taskInfo } from '@backroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { crudQueryKey } from '../../../core/crud/CrudPage';
import { usePerm } from '../../../core/permission';
import { call } from '../../../core/request';

/** Running or stopped, switched at once through start and stop for whoever may; a tag for the others. */
export function StatusToggle({ id, name, status }: { id: number; name: string; status: number }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const canStart = usePerm(taskInfo.perms.start);
  const canStop = usePerm(taskInfo.perms.stop);
  const [pending, setPending] = useState<number>();
  const toggle = useMutation({
    mutationFn: (next: number) => call(next === 1 ? taskInfo.api.start : taskInfo.api.stop, { id }),
    onSuccess: async (_data, next) => {
      void message.success(next === 1 ? t('task.started') : t('task.stopped'));
      await queryClient.invalidateQueries({ queryKey: crudQueryKey(taskInfo) });
    },
    onSettled: () => setPending(undefined),
  });
  const shown = pending ?? status;
  const allowed = shown === 1 ? canStop : canStart;
  if (!canStart && !canStop) {
    return <Tag color={status === 1 ? 'processing' : 'default'}>{t(`task.status.${status}`)}</Tag>;
  }
  return (
    <Switch
      size="small"
      checked={shown === 1}
      loading={toggle.isPending}
      disabled={!allowed}
      checkedChildren={t('task.status.1')}
      unCheckedChildren={t('task.status.0')}
      aria-label={t('task.toggle', { name })}
      data-testid={`task-toggle-${id}`}
      onChange={(checked) => {
        const next = checked ? 1 : 0;
        setPending(next);
        toggle.mutate(next);
      }}
    />
  );
}

import { taskInfo } from '@backroom/contract';
import { useQuery } from '@tanstack/react-query';
import { usePerm } from '../../../core/permission';
import { call } from '../../../core/request';

export const TASK_HANDLERS_KEY = ['task', 'handlers'] as const;

/** The handlers a task may run and the time zone task times are in, as the server says. */
export function useTaskHandlers() {
  const allowed = usePerm(taskInfo.perms.handlers);
  return useQuery({
    queryKey: TASK_HANDLERS_KEY,
    queryFn: () => call(taskInfo.api.handlers),
    enabled: allowed,
    staleTime: 5 * 60_000,
  });
}

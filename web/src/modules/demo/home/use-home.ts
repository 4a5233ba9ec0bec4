import { demoHome } from '@backroom/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../core/request';

/** The home's three calls, asked at once; each part of the page waits for its own. */
export function useHome() {
  const summary = useQuery({ queryKey: ['demo', 'home', 'summary'], queryFn: () => call(demoHome.api.summary) });
  const trend = useQuery({ queryKey: ['demo', 'home', 'trend'], queryFn: () => call(demoHome.api.trend) });
  const breakdown = useQuery({ queryKey: ['demo', 'home', 'breakdown'], queryFn: () => call(demoHome.api.breakdown) });
  const refresh = () => Promise.all([summary.refetch(), trend.refetch(), breakdown.refetch()]);
  return { summary, trend, breakdown, refresh };
}

import type { demoHome, HomeRangeQuery } from '@backroom/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpointRef } from '../../../core/endpoint-refs';
import { call } from '../../../core/request';

/**
 * The dashboard's calls, named by the declaration's type alone: the home page is the first screen
 * after sign-in and must not bring the contract's zod schemas with it (core/endpoint-refs.ts).
 */
export const homeApi = {
  summary: endpointRef<typeof demoHome.api.summary>('/admin/demo/home/summary', 'get'),
  trend: endpointRef<typeof demoHome.api.trend>('/admin/demo/home/trend', 'get'),
  breakdown: endpointRef<typeof demoHome.api.breakdown>('/admin/demo/home/breakdown', 'get'),
};

/** The home's three calls for one range, asked at once; each part of the page waits for its own. */
export function useHome(range: HomeRangeQuery) {
  const key = [range.range ?? 'week', range.from ?? '', range.to ?? ''];
  const summary = useQuery({
    queryKey: ['demo', 'home', 'summary', ...key],
    queryFn: () => call(homeApi.summary, range),
    placeholderData: keepPreviousData,
  });
  const trend = useQuery({
    queryKey: ['demo', 'home', 'trend', ...key],
    queryFn: () => call(homeApi.trend, range),
    placeholderData: keepPreviousData,
  });
  const breakdown = useQuery({
    queryKey: ['demo', 'home', 'breakdown', ...key],
    queryFn: () => call(homeApi.breakdown, range),
    placeholderData: keepPreviousData,
  });
  const refresh = () => Promise.all([summary.refetch(), trend.refetch(), breakdown.refetch()]);
  return { summary, trend, breakdown, refresh };
}

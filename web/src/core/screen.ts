import { useSyncExternalStore } from 'react';

/** docs/spec.md §9 breakpoints. */
export const BREAKPOINTS = [768, 992, 1200, 1920] as const;
export type ScreenSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

function current(): ScreenSize {
  const w = window.innerWidth;
  if (w < 768) return 'xs';
  if (w < 992) return 'sm';
  if (w < 1200) return 'md';
  if (w < 1920) return 'lg';
  return 'xl';
}

function subscribe(notify: () => void) {
  window.addEventListener('resize', notify);
  return () => window.removeEventListener('resize', notify);
}

export function useScreen(): ScreenSize {
  return useSyncExternalStore(subscribe, current);
}

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

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function reducedMotionQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null;
}

function subscribeMotion(notify: () => void) {
  const query = reducedMotionQuery();
  query?.addEventListener('change', notify);
  return () => query?.removeEventListener('change', notify);
}

/**
 * Whether the system asks for less motion (an accessibility setting). antd's zooms and slides
 * then end at once: the shell turns its `motion` token off (Shell.tsx themeConfig).
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribeMotion, () => reducedMotionQuery()?.matches ?? false);
}

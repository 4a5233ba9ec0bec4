import { useEffect, useLayoutEffect } from 'react';
import { onSessionEnd } from '../core/session';
import { useTabs } from '../core/tabs';

/** Where each open tab was scrolled to, by tab key (its path and query). */
const positions = new Map<string, number>();

// Another user's tabs, and where they were, are forgotten with their session.
onSessionEnd(() => positions.clear());
// A closed tab opened again is a new one: it starts at the top.
useTabs.subscribe(({ tabs }) => {
  for (const key of positions.keys()) if (!tabs.some((tab) => tab.key === key)) positions.delete(key);
});

/** The position kept for a tab; 0 for one not scrolled yet. */
export function tabScrollOf(key: string): number {
  return positions.get(key) ?? 0;
}

/**
 * Each tab keeps its own scroll position in the one scrolling content area: a tab shown again
 * comes back where it was left, a new one starts at the top. A view still loading its rows is
 * followed until it is tall enough to reach the kept position, or until the user scrolls.
 */
export function useTabScroll(area: HTMLElement | null, activeKey: string) {
  useLayoutEffect(() => {
    if (!area) return;
    const wanted = tabScrollOf(activeKey);
    area.scrollTop = wanted;
    if (wanted === 0 || area.scrollTop === wanted || typeof ResizeObserver === 'undefined') return;
    const content = area.firstElementChild;
    if (!content) return;
    let done = false;
    const stop = () => {
      done = true;
      observer.disconnect();
      area.removeEventListener('wheel', stop);
      area.removeEventListener('touchmove', stop);
      area.removeEventListener('keydown', stop);
    };
    const observer = new ResizeObserver(() => {
      if (done) return;
      area.scrollTop = wanted;
      if (area.scrollTop === wanted) stop();
    });
    observer.observe(content);
    // The user scrolling on their own wins over the position being restored.
    area.addEventListener('wheel', stop, { passive: true });
    area.addEventListener('touchmove', stop, { passive: true });
    area.addEventListener('keydown', stop);
    const timer = window.setTimeout(stop, 5000);
    return () => {
      window.clearTimeout(timer);
      stop();
    };
  }, [area, activeKey]);

  useEffect(() => {
    if (!area) return;
    const handleScroll = () => positions.set(activeKey, area.scrollTop);
    area.addEventListener('scroll', handleScroll, { passive: true });
    return () => area.removeEventListener('scroll', handleScroll);
  }, [area, activeKey]);
}

import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Whether the table inside scrolls sideways, and which way there is more to see. */
function useSideScroll(root: RefObject<HTMLDivElement | null>) {
  const [state, setState] = useState({ overflow: false, start: false, end: false });
  useEffect(() => {
    const host = root.current;
    if (!host) return;
    let scroller: HTMLElement | null = null;
    const measure = () => {
      if (!scroller) return;
      const max = scroller.scrollWidth - scroller.clientWidth;
      const left = Math.abs(scroller.scrollLeft);
      const next = { overflow: max > 1, start: left > 1, end: max - left > 1 };
      setState((current) =>
        current.overflow === next.overflow && current.start === next.start && current.end === next.end ? current : next,
      );
    };
    const resize = new ResizeObserver(measure);
    // antd renders its scrolling box (and replaces it when the data changes): find it again then.
    const attach = () => {
      const found = host.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
      if (found === scroller) return;
      scroller?.removeEventListener('scroll', measure);
      resize.disconnect();
      scroller = found;
      if (!scroller) return;
      scroller.addEventListener('scroll', measure, { passive: true });
      resize.observe(scroller);
      const table = scroller.querySelector('table');
      if (table) resize.observe(table);
      measure();
    };
    const mutations = new MutationObserver(attach);
    mutations.observe(host, { childList: true, subtree: true });
    attach();
    return () => {
      mutations.disconnect();
      resize.disconnect();
      scroller?.removeEventListener('scroll', measure);
    };
  }, [root]);
  return state;
}

/**
 * Shows that a table is wider than its box: a line saying so, and (through CSS on the data
 * attributes and antd's own fixed-column shadows) a shadow on each edge with more beyond it.
 */
export function ScrollCue({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const { overflow, start, end } = useSideScroll(ref);
  return (
    <div
      ref={ref}
      className="scroll-cue"
      data-overflow={overflow || undefined}
      data-more-start={start || undefined}
      data-more-end={end || undefined}
    >
      {overflow && (
        <div className="scroll-cue-hint" data-testid="scroll-hint">
          <span aria-hidden="true" className={start ? 'scroll-cue-arrow on' : 'scroll-cue-arrow'}>
            ‹
          </span>
          {t('crud.scrollHint')}
          <span aria-hidden="true" className={end ? 'scroll-cue-arrow on' : 'scroll-cue-arrow'}>
            ›
          </span>
        </div>
      )}
      {children}
    </div>
  );
}

import { type RefObject, useLayoutEffect } from 'react';

/**
 * antd's Tabs put the overflow button ("…", shown when the tabs do not fit) inside the element
 * with role tablist, where only tabs may be (axe aria-required-children). This moves the role to
 * the list of tabs itself, on every render (antd redraws the nav), for any Tabs inside `holder`.
 */
export function useTablistOnTabs(holder: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    for (const nav of holder.current?.querySelectorAll('.ant-tabs-nav') ?? []) {
      const list = nav.querySelector(':scope > .ant-tabs-nav-wrap .ant-tabs-nav-list');
      if (!list) continue;
      nav.removeAttribute('role');
      nav.removeAttribute('aria-orientation');
      list.setAttribute('role', 'tablist');
      list.setAttribute('aria-orientation', 'horizontal');
    }
  });
}

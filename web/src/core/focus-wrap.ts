/** What Tab can reach: enabled controls and links, and anything with a tab stop, when drawn. */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function tabbables(container: Element): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (e) => e.offsetWidth > 0 || e.offsetHeight > 0,
  );
}

/**
 * Tab from the last control of an open dialog or drawer goes to its first, and Shift+Tab from the
 * first to its last. antd keeps the focus in the dialog only after it has left the page for one
 * press (to the browser itself); a keyboard user then finds nothing focused. Installed once by the
 * shell; answers the listener's removal.
 */
export function wrapDialogFocus(): () => void {
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return;
    const active = document.activeElement;
    // A drawer's panel is `.ant-drawer-section` since antd 6 (`.ant-drawer-content` before).
    const dialog = active?.closest('.ant-modal, .ant-drawer-section, .ant-drawer-content');
    if (!active || !dialog) return;
    const list = tabbables(dialog);
    const first = list[0];
    const last = list[list.length - 1];
    if (!first || !last) return;
    if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    } else if (event.shiftKey && active === first) {
      event.preventDefault();
      last.focus();
    }
  };
  document.addEventListener('keydown', handleKeyDown, true);
  return () => document.removeEventListener('keydown', handleKeyDown, true);
}

import { DeleteOutlined, EditOutlined, HistoryOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Popconfirm, type PopconfirmProps, Popover, Space, Tooltip } from 'antd';
import { type MouseEvent, type ReactElement, type ReactNode, useLayoutEffect, useRef, useState } from 'react';

/** One of a row's buttons: its words and what it does. */
export type RowAction = { label: string; onClick: () => void };

/** The delete button: its words, the confirmation it asks first, and the delete itself. */
export type RowDelete = {
  label: string;
  confirm: Pick<PopconfirmProps, 'title' | 'description' | 'okText' | 'cancelText' | 'placement'> & {
    /** The confirmation's OK button in red. */
    danger?: boolean;
  };
  /** The confirmation stays busy until it settles. */
  onConfirm: () => Promise<unknown>;
};

type Props = {
  /** The row's name, so each button is named for it ("Edit: Users"); plain names when absent. */
  name?: string;
  /** Icons with tooltips instead of words, where the screen is narrow. */
  iconOnly?: boolean;
  /** Buttons that do not fit the row go to a next line. */
  wrap?: boolean;
  /** One under the other (inside a row's menu). */
  vertical?: boolean;
  /** Add below this row (tree tables). */
  add?: RowAction;
  edit?: RowAction;
  remove?: RowDelete;
  /** The record's history (a drawer of its events). */
  history?: RowAction;
  /** The screen's own buttons, after these. */
  extra?: ReactNode;
};

/**
 * The actions column of a table row: add below, edit, delete after a confirmation, and the screen's
 * own. A button the user may not use is not given and so not shown.
 */
export function RowActions({ name, iconOnly = false, wrap, vertical, add, edit, remove, history, extra }: Props) {
  const button = (label: string, icon: ReactNode, props: { onClick?: () => void; danger?: boolean }) => {
    const shown = (
      <Button
        type="link"
        size="small"
        icon={icon}
        aria-label={name === undefined ? undefined : `${label}: ${name}`}
        {...props}
      >
        {iconOnly ? null : label}
      </Button>
    );
    // A tooltip only where the words are hidden: a list draws these on every row, and each tooltip
    // is a trigger of its own to set up (a list's first open, bench/browser.mjs).
    return iconOnly ? <Tooltip title={label}>{shown}</Tooltip> : shown;
  };
  return (
    <Space
      size={0}
      wrap={wrap}
      orientation={vertical ? 'vertical' : 'horizontal'}
      align={vertical ? 'start' : undefined}
    >
      {add && button(add.label, <PlusOutlined />, { onClick: add.onClick })}
      {edit && button(edit.label, <EditOutlined />, { onClick: edit.onClick })}
      {remove && (
        // The tooltip and the confirmation both listen on the button: the span keeps them apart.
        <PopupOnDemand
          className="row-action-confirm"
          popup={(anchor, open, setOpen) => (
            <Popconfirm
              open={open}
              onOpenChange={setOpen}
              placement={remove.confirm.placement}
              title={remove.confirm.title}
              description={remove.confirm.description}
              okText={remove.confirm.okText}
              okButtonProps={remove.confirm.danger ? { danger: true } : undefined}
              cancelText={remove.confirm.cancelText}
              onConfirm={remove.onConfirm}
            >
              {anchor}
            </Popconfirm>
          )}
        >
          {button(remove.label, <DeleteOutlined />, { danger: true })}
        </PopupOnDemand>
      )}
      {history && button(history.label, <HistoryOutlined />, { onClick: history.onClick })}
      {extra}
    </Space>
  );
}

/**
 * A row's actions behind one button, for a phone: the row keeps its width for what it is, and the
 * actions (the same buttons, confirmations included) open under the button.
 */
export function RowMenu({ label, name, children }: { label: string; name?: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // An action chosen closes the menu (an edit dialog would open under it otherwise); one that asks
  // first (delete) keeps it while its confirmation is open.
  const chosen = (event: MouseEvent) => {
    if (!(event.target instanceof Element) || !event.target.closest('.row-action-confirm, .ant-popconfirm'))
      setOpen(false);
  };
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      content={
        <div className="row-menu" onClickCapture={chosen}>
          {children}
        </div>
      }
    >
      <Button
        type="text"
        size="small"
        icon={<MoreOutlined />}
        aria-haspopup="true"
        aria-label={name === undefined ? label : `${label}: ${name}`}
        className="row-menu-button"
      />
    </Popover>
  );
}

/**
 * A button whose popup (a confirmation, a menu) is made the first time it is clicked, open, and
 * kept from then on. A list draws a button like this on every row, and each popup made ahead is a
 * trigger with its own hooks and styles to set up in the list's first render (bench/browser.mjs).
 * The button is drawn again inside the popup's trigger when it is made, so it is given back the
 * focus the click gave it.
 */
export function PopupOnDemand({
  className,
  popup,
  children,
}: {
  /** The class of the span around the button. */
  className?: string;
  /** The popup around `anchor`, open or not as it says; it reports its own opening and closing. */
  popup: (anchor: ReactElement, open: boolean, setOpen: (open: boolean) => void) => ReactElement;
  children: ReactNode;
}) {
  const [made, setMade] = useState(false);
  const [open, setOpen] = useState(false);
  const anchorRef = useRef<HTMLSpanElement>(null);
  const refocus = useRef(false);
  useLayoutEffect(() => {
    if (!made || !refocus.current) return;
    refocus.current = false;
    anchorRef.current?.querySelector<HTMLElement>('button, a')?.focus();
  }, [made]);
  if (made)
    return popup(
      <span className={className} ref={anchorRef}>
        {children}
      </span>,
      open,
      setOpen,
    );
  const make = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest('button, a') : null;
    if (target === null || target.matches(':disabled')) return;
    refocus.current = document.activeElement === target;
    setMade(true);
    setOpen(true);
  };
  return (
    // The click is the button's (a pointer's, or Enter or Space on it), heard on its way down.
    <span className={className} ref={anchorRef} onClickCapture={make}>
      {children}
    </span>
  );
}

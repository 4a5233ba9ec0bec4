import {
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  MoreOutlined,
  PlusOutlined,
  ReloadOutlined,
  UpOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Spin, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import './tree-panel.css';

/*
 * The side panel beside a table or a file grid that chooses what it shows: departments beside the
 * users, dictionary types beside their items, categories beside the files. It sits on the left,
 * and above the content on phones, where it folds away. Presentational: the words, the state and
 * what the buttons do come from the screen. The page around it takes `tree-panel-layout` and its
 * content `tree-panel-main`.
 */

type Props = {
  /** The screen's own class beside `tree-panel` (its adjustments, the tests' hooks). */
  className: string;
  icon: ReactNode;
  /** The panel's heading, also its accessible name. */
  title: string;
  /** Phones: the body folds away under the head. */
  compact: boolean;
  /** Whether the folded body is shown (phones only). */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The fold button's names. */
  foldLabels: { show: string; hide: string };
  /** What is chosen, named in the head on phones (the body may be folded); clearable with onClear. */
  current?: { name: string; onClear?: () => void };
  refresh: { label: string; onClick: () => void };
  /** The head's add button, where the user may add. */
  add?: { label: string; onClick: () => void; testId?: string };
  children: ReactNode;
};

export function TreePanel(props: Props) {
  const { className, icon, title, compact, open, onOpenChange, foldLabels, current, refresh, add } = props;
  return (
    <section className={`tree-panel ${className}${compact ? ' compact' : ''}`} aria-label={title}>
      <div className="tree-panel-head">
        {icon}
        <span className="tree-panel-title">{title}</span>
        {compact && current && (
          <Tag className="tree-panel-current" closable={!!current.onClear} onClose={current.onClear}>
            {current.name}
          </Tag>
        )}
        <span className="tree-panel-tools">
          <HeadButton icon={<ReloadOutlined />} {...refresh} />
          {add && <HeadButton icon={<PlusOutlined />} {...add} />}
          {compact && (
            <Button
              type="text"
              size="small"
              icon={open ? <UpOutlined /> : <DownOutlined />}
              aria-expanded={open}
              aria-label={open ? foldLabels.hide : foldLabels.show}
              onClick={() => onOpenChange(!open)}
            />
          )}
        </span>
      </div>
      {(!compact || open) && <div className="tree-panel-body">{props.children}</div>}
    </section>
  );
}

/** A button of the panel's head: an icon, its words as tooltip and name. */
function HeadButton({
  icon,
  label,
  onClick,
  testId,
}: {
  icon: ReactNode;
  label: string;
  onClick: () => void;
  testId?: string;
}) {
  return (
    <Tooltip title={label}>
      <Button type="text" size="small" icon={icon} aria-label={label} data-testid={testId} onClick={onClick} />
    </Tooltip>
  );
}

/** The panel body while its list loads for the first time. */
export function TreePanelLoading() {
  return (
    <div className="tree-panel-empty">
      <Spin />
    </div>
  );
}

/** The words of a node's actions; an action without its words is not offered. */
export type NodeActionLabels = {
  add?: string;
  edit?: string;
  remove?: { label: string; disabled?: boolean };
};

/** A node's menu: add below it, edit, delete (keys 'add', 'edit', 'delete'). */
export function nodeActionItems({ add, edit, remove }: NodeActionLabels): NonNullable<MenuProps['items']> {
  return [
    ...(add ? [{ key: 'add', icon: <PlusOutlined />, label: add }] : []),
    ...(edit ? [{ key: 'edit', icon: <EditOutlined />, label: edit }] : []),
    ...(remove
      ? [
          {
            key: 'delete',
            icon: <DeleteOutlined />,
            danger: !remove.disabled,
            disabled: remove.disabled,
            label: remove.label,
          },
        ]
      : []),
  ];
}

/** The menu of a node's actions, telling which was chosen without choosing the node as well. */
export function nodeMenu(items: MenuProps['items'], onAction: (key: string) => void): MenuProps {
  return {
    items,
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      onAction(key);
    },
  };
}

/** The ⋯ button that opens a node's menu; it shows on hover, on the chosen node and on touch screens. */
export function NodeMoreButton({ menu, label }: { menu: MenuProps; label: string }) {
  return (
    <Dropdown menu={menu} trigger={['click']}>
      <Button
        type="text"
        size="small"
        className="tree-panel-more"
        icon={<MoreOutlined />}
        aria-label={label}
        onClick={(e) => e.stopPropagation()}
      />
    </Dropdown>
  );
}

/**
 * A tree node's title: its name (cut with an ellipsis) and, where the user may act on it, the ⋯
 * button; a right click opens the same menu.
 */
export function TreePanelNode({
  name,
  title,
  menu,
  moreLabel,
}: {
  name: ReactNode;
  /** The native tooltip (the full name). */
  title?: string;
  /** The node's actions; none offered when absent. */
  menu?: MenuProps;
  moreLabel: string;
}) {
  const label = <span className="tree-panel-node-name">{name}</span>;
  if (!menu) {
    return (
      <span className="tree-panel-node" title={title}>
        {label}
      </span>
    );
  }
  return (
    <Dropdown menu={menu} trigger={['contextMenu']}>
      <span className="tree-panel-node" title={title}>
        {label}
        <NodeMoreButton menu={menu} label={moreLabel} />
      </span>
    </Dropdown>
  );
}

import type { CreateOf, MenuType, SysMenu, sysMenu } from '@backroom/contract';
import type { FormStart } from '../../../core/form-dialog';
import { splitPerms } from './menu-data';
import { TOP_LEVEL } from './menu-parent-select';

/** What the menu dialog edits: a new entry (below an optional parent), or an existing one. */
export type MenuEditing = { mode: 'add'; parentId: number | null } | { mode: 'edit'; row: SysMenu };

/** The menu form's fields; the parent is TOP_LEVEL for none, the permissions a list. */
export type MenuValues = {
  type: MenuType;
  name: string;
  parentId: number;
  router?: string | null;
  viewPath?: string | null;
  icon?: string | null;
  orderNum: number;
  keepAlive: boolean;
  isShow: boolean;
  perms: string[];
};

/**
 * Where the form starts: the row as it is, or for a new entry the type that belongs below the
 * parent (under a menu its permissions, under a directory pages, at the top directories) and the
 * order after the last sibling.
 */
export function menuStartValues(editing: MenuEditing, rows: readonly SysMenu[]): FormStart<MenuValues> {
  if (editing.mode === 'edit') {
    const { row } = editing;
    return {
      type: row.type,
      name: row.name,
      parentId: row.parentId ?? TOP_LEVEL,
      router: row.router,
      viewPath: row.viewPath,
      icon: row.icon,
      orderNum: row.orderNum,
      keepAlive: row.keepAlive,
      isShow: row.isShow,
      perms: splitPerms(row.perms),
    };
  }
  const parent = rows.find((r) => r.id === editing.parentId);
  const siblings = rows.filter((r) => r.parentId === (parent?.id ?? null));
  return {
    type: parent ? (parent.type === 1 ? 2 : 1) : 0,
    parentId: parent?.id ?? TOP_LEVEL,
    orderNum: siblings.length ? Math.max(...siblings.map((r) => r.orderNum)) + 1 : 0,
    keepAlive: true,
    isShow: true,
    perms: [],
  };
}

/**
 * What menu/add or menu/update is sent. Fields the chosen type does not show are left as they are
 * on edit, and empty on add; blank text is null.
 */
export function menuPayload(values: MenuValues, mode: MenuEditing['mode']): CreateOf<typeof sysMenu.columns> {
  const text = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
  const add = mode === 'add';
  const payload: CreateOf<typeof sysMenu.columns> = {
    type: values.type,
    name: values.name.trim(),
    parentId: values.parentId === TOP_LEVEL ? null : values.parentId,
    orderNum: values.orderNum,
    isShow: values.isShow,
  };
  if (values.type !== 2) {
    payload.router = text(values.router);
    payload.icon = values.icon ?? null;
  } else if (add) {
    payload.router = null;
    payload.icon = null;
  }
  if (values.type === 1) {
    payload.viewPath = text(values.viewPath);
    payload.keepAlive = values.keepAlive;
  } else if (add) payload.viewPath = null;
  if (values.type === 2) payload.perms = values.perms.length ? values.perms.join(',') : null;
  else if (add) payload.perms = null;
  return payload;
}

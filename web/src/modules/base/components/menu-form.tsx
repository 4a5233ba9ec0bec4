import { MENU_TYPES, type MenuType, type SysMenu, sysMenu, withDescendants } from '@backroom/contract';
import { AutoComplete, Col, Form, Input, InputNumber, Modal, Radio, Row, Select, Switch, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { zodRule } from '../../../core/crud/zod-rule';
import { type Locale, menuName } from '../../../core/i18n';
import { usePerms } from '../../../core/permission';
import { api } from '../../../core/request';
import { MenuIcon } from '../../../ui/icons';
import { buildMenuRows, type MenuRow, splitPerms } from './menu-data';
import { MenuIconPicker } from './menu-icon-picker';

/** The parent select's "no parent" entry (parentId null). */
export const TOP_LEVEL = 0;

export type MenuEditing = { mode: 'add'; parentId: number | null } | { mode: 'edit'; row: SysMenu };

type Values = {
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

type TreeOption = {
  value: number;
  title: string;
  menuIcon?: string | null;
  disabled?: boolean;
  children?: TreeOption[];
};

/** Directories and menus as parent choices; a menu cannot move under itself or its own children. */
export function useParentOptions(
  rows: readonly SysMenu[],
  exclude?: number,
  topLevel?: { title: string; disabled: boolean },
) {
  const { i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: names follow the language.
  return useMemo(() => {
    const blocked = exclude === undefined ? new Set<number>() : withDescendants(rows, [exclude]);
    const toOptions = (list: readonly MenuRow[]): TreeOption[] =>
      list
        .filter((r) => r.type !== 2 && !blocked.has(r.id))
        .map((r) => {
          const children = toOptions(r.children ?? []);
          return {
            value: r.id,
            title: menuName(r.name),
            menuIcon: r.icon,
            children: children.length ? children : undefined,
          };
        });
    const tree = toOptions(buildMenuRows(rows));
    return topLevel ? [{ value: TOP_LEVEL, title: topLevel.title, disabled: topLevel.disabled }, ...tree] : tree;
  }, [rows, exclude, topLevel?.title, topLevel?.disabled, i18n.language]);
}

export function ParentSelect(props: {
  treeData: TreeOption[];
  value?: number;
  onChange?: (value: number) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  return (
    <TreeSelect<number>
      id={props.id}
      value={props.value}
      onChange={props.onChange}
      treeData={props.treeData}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder={t('base.menu.parentPlaceholder')}
      treeTitleRender={(node) => (
        <span className="menu-tree-title">
          {node.value !== TOP_LEVEL && <MenuIcon name={typeof node.menuIcon === 'string' ? node.menuIcon : null} />}
          {typeof node.title === 'string' ? node.title : null}
        </span>
      )}
      styles={{ popup: { root: { maxHeight: 360, overflow: 'auto' } } }}
    />
  );
}

/** The permission strings a menu may carry: those the operator holds, grouped by entity. */
export function usePermOptions(extra: readonly string[] = []) {
  const held = usePerms((s) => s.perms);
  return useMemo(() => {
    const all = [...new Set([...held, ...extra])].sort();
    const groups = new Map<string, string[]>();
    for (const perm of all) {
      const group = perm.split(':').slice(0, -1).join(':') || perm;
      groups.set(group, [...(groups.get(group) ?? []), perm]);
    }
    return [...groups].map(([group, perms]) => ({
      label: group,
      title: group,
      options: perms.map((p) => ({ label: p, value: p })),
    }));
  }, [held, extra]);
}

/**
 * Add and edit a menu. What the form asks for depends on the type: a directory has no view, a menu
 * needs a router starting with '/', a permission carries permission strings under a directory or menu.
 */
export function MenuForm({
  editing,
  rows,
  onClose,
  onSaved,
}: {
  editing: MenuEditing | null;
  rows: readonly SysMenu[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const locale = i18n.language as Locale;
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const type = Form.useWatch('type', form) ?? 0;
  const editingRow = editing?.mode === 'edit' ? editing.row : undefined;
  const hasChildren = editingRow ? rows.some((r) => r.parentId === editingRow.id) : false;
  const currentPerms = useMemo(() => splitPerms(editingRow?.perms), [editingRow]);
  const permOptions = usePermOptions(currentPerms);
  const labelOf = (key: keyof typeof sysMenu.columns) => sysMenu.columns[key].label[locale];
  const parentOptions = useParentOptions(rows, editingRow?.id, {
    title: t('base.menu.topLevel'),
    disabled: type === 2,
  });
  const viewPaths = useMemo(
    () =>
      [...new Set(rows.map((r) => r.viewPath).filter((v): v is string => !!v && !/^https?:/.test(v)))]
        .sort()
        .map((v) => ({ value: v })),
    [rows],
  );

  // Filled when the dialog opens, not when the list reloads behind it (that would undo the user's typing).
  // biome-ignore lint/correctness/useExhaustiveDependencies: rows are read as they are when the dialog opens.
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing.mode === 'edit') {
      const row = editing.row;
      form.setFieldsValue({
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
      });
      return;
    }
    const parent = rows.find((r) => r.id === editing.parentId);
    const siblings = rows.filter((r) => r.parentId === (parent?.id ?? null));
    const nextOrder = siblings.length ? Math.max(...siblings.map((r) => r.orderNum)) + 1 : 0;
    form.setFieldsValue({
      // Under a menu come its permissions; under a directory, pages; at the top, directories.
      type: parent ? (parent.type === 1 ? 2 : 1) : 0,
      parentId: parent?.id ?? TOP_LEVEL,
      orderNum: nextOrder,
      keepAlive: true,
      isShow: true,
      perms: [],
    });
  }, [editing, form]);

  const required = (field: string): Rule => ({
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
        throw new Error(t('validation.required', { field }));
      }
    },
  });

  const routerRules: Rule[] = [
    ...(type === 1 ? [required(labelOf('router'))] : []),
    {
      validator: async (_rule, value: unknown) => {
        if (typeof value === 'string' && value.trim() !== '' && !value.trim().startsWith('/')) {
          throw new Error(t('base.menu.routerSlash'));
        }
      },
    },
    zodRule(sysMenu.schemas.create.shape.router, labelOf('router')),
  ];

  const parentRules: Rule[] = [
    required(labelOf('parentId')),
    {
      validator: async (_rule, value: unknown) => {
        if (type !== 2 || value === undefined) return;
        const parent = rows.find((r) => r.id === value);
        if (!parent || parent.type === 2) throw new Error(t('base.menu.permParent'));
      },
    },
  ];

  const handleSubmit = async () => {
    if (!editing) return;
    // Problems show beside their fields.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const text = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
    const add = editing.mode === 'add';
    // Fields the chosen type does not show are left as they are on edit, and empty on add.
    const payload: Record<string, unknown> = {
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
    setSaving(true);
    try {
      if (editing.mode === 'add') await api.post(`${sysMenu.prefix}/add`, payload);
      else await api.post(`${sysMenu.prefix}/update`, { ...payload, id: editing.row.id });
      void message.success(t('crud.saved'));
      onSaved();
    } finally {
      setSaving(false);
    }
  };

  const parentName = editing?.mode === 'add' ? rows.find((r) => r.id === editing.parentId)?.name : undefined;
  const title =
    editing?.mode === 'edit'
      ? t('base.menu.editTitle')
      : parentName
        ? t('base.menu.addChildTitle', { name: menuName(parentName) })
        : t('base.menu.addTitle');

  return (
    <Modal
      open={editing !== null}
      title={title}
      onCancel={onClose}
      onOk={() => void handleSubmit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      width={720}
      forceRender
    >
      <Form<Values> form={form} name="menuForm" layout="vertical" className="menu-form">
        <Form.Item name="type" label={labelOf('type')} required>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={MENU_TYPES.map((value) => ({
              value,
              label: t(`base.menu.types.${value}`),
              // A permission has nothing below it.
              disabled: value === 2 && hasChildren,
              title: value === 2 && hasChildren ? t('base.menu.permNoChildren') : undefined,
            }))}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label={labelOf('name')}
              required
              validateFirst
              rules={[required(labelOf('name')), zodRule(sysMenu.schemas.create.shape.name, labelOf('name'))]}
            >
              <Input maxLength={100} placeholder={t(`base.menu.namePlaceholder.${type}`)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="parentId"
              label={labelOf('parentId')}
              required
              validateFirst
              rules={parentRules}
              dependencies={['type']}
            >
              <ParentSelect treeData={parentOptions} />
            </Form.Item>
          </Col>
          {type !== 2 && (
            <Col xs={24} md={12}>
              <Form.Item
                name="router"
                label={labelOf('router')}
                required={type === 1}
                validateFirst
                rules={routerRules}
                tooltip={t('base.menu.routerHint')}
              >
                <Input placeholder="/test" maxLength={255} />
              </Form.Item>
            </Col>
          )}
          {type === 1 && (
            <Col xs={24} md={12}>
              <Form.Item name="viewPath" label={labelOf('viewPath')} tooltip={t('base.menu.viewPathHint')}>
                <AutoComplete
                  options={viewPaths}
                  placeholder="modules/base/views/user/index.vue"
                  maxLength={255}
                  showSearch={{
                    filterOption: (input, option) =>
                      String(option?.value ?? '')
                        .toLowerCase()
                        .includes(input.toLowerCase()),
                  }}
                />
              </Form.Item>
            </Col>
          )}
          {type !== 2 && (
            <Col xs={24} md={12}>
              <Form.Item name="icon" label={labelOf('icon')} required rules={[required(labelOf('icon'))]}>
                <MenuIconPicker />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={12}>
            <Form.Item
              name="orderNum"
              label={labelOf('orderNum')}
              required
              validateFirst
              rules={[
                required(labelOf('orderNum')),
                zodRule(sysMenu.schemas.create.shape.orderNum, labelOf('orderNum')),
              ]}
              tooltip={t('base.menu.orderHint')}
            >
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {type === 2 && (
            <Col xs={24}>
              <Form.Item name="perms" label={labelOf('perms')} tooltip={t('base.menu.permsHint')}>
                <Select
                  mode="multiple"
                  allowClear
                  options={permOptions}
                  placeholder={t('base.menu.permsPlaceholder')}
                  showSearch={{ optionFilterProp: 'label' }}
                />
              </Form.Item>
            </Col>
          )}
          {type === 1 && (
            <Col xs={12} md={6}>
              <Form.Item
                name="keepAlive"
                label={labelOf('keepAlive')}
                valuePropName="checked"
                tooltip={t('base.menu.keepAliveHint')}
              >
                <Switch />
              </Form.Item>
            </Col>
          )}
          <Col xs={12} md={6}>
            <Form.Item name="isShow" label={labelOf('isShow')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

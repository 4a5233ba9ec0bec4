import { type SysMenu, sysMenu } from '@backroom/contract';
import { Form } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../core/form-dialog';
import { type Locale, menuName } from '../../../core/i18n';
import { call } from '../../../core/request';
import { usePermOptions } from '../hooks/use-perm-options';
import { splitPerms } from './menu-data';
import { MenuFormFields } from './menu-form-fields';
import { useMenuRules } from './menu-form-rules';
import { type MenuEditing, type MenuValues, menuPayload, menuStartValues } from './menu-form-values';
import { useParentOptions } from './menu-parent-select';

export type { MenuEditing } from './menu-form-values';

/** Add and edit a menu: a directory, a page or a permission, each with the fields its type has. */
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
  const locale = i18n.language as Locale;
  const [form] = Form.useForm<MenuValues>();
  const type = Form.useWatch('type', form) ?? 0;
  const editingRow = editing?.mode === 'edit' ? editing.row : undefined;
  const hasChildren = editingRow ? rows.some((r) => r.parentId === editingRow.id) : false;
  const currentPerms = useMemo(() => splitPerms(editingRow?.perms), [editingRow]);
  const permOptions = usePermOptions(currentPerms);
  const labelOf = (key: keyof typeof sysMenu.columns) => sysMenu.columns[key].label[locale];
  const rules = useMenuRules(type, rows, labelOf);
  const parentOptions = useParentOptions(rows, editingRow?.id, {
    title: t('base.menu.topLevel'),
    disabled: type === 2,
  });
  // A new key each time the dialog opens (each open brings a new `editing`), not when the list reloads.
  const openings = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: counts the openings, one per `editing`.
  const entryKey = useMemo(() => {
    openings.current += 1;
    return String(openings.current);
  }, [editing]);

  const submit = (values: MenuValues, target: MenuEditing) => {
    const payload = menuPayload(values, target.mode);
    return target.mode === 'add'
      ? call(sysMenu.api.add, payload)
      : call(sysMenu.api.update, { ...payload, id: target.row.id });
  };

  const parentName = editing?.mode === 'add' ? rows.find((r) => r.id === editing.parentId)?.name : undefined;
  const title =
    editing?.mode === 'edit'
      ? t('base.menu.editTitle', { name: menuName(editing.row.name) })
      : parentName
        ? t('base.menu.addChildTitle', { name: menuName(parentName) })
        : t('base.menu.addTitle');

  return (
    <FormDialog
      data={editing}
      form={form}
      title={title}
      // Filled when the dialog opens, not when the list reloads behind it (that would undo the user's typing).
      initialValues={(e) => menuStartValues(e, rows)}
      submit={submit}
      savedText={t('crud.saved')}
      onSaved={onSaved}
      onClose={onClose}
      width={720}
      name="menuForm"
      className="menu-form"
      destroyOnHidden={false}
    >
      <MenuFormFields
        type={type}
        hasChildren={hasChildren}
        parentOptions={parentOptions}
        permOptions={permOptions}
        rules={rules}
        entryKey={entryKey}
        labelOf={labelOf}
      />
    </FormDialog>
  );
}

import { type SysMenu, sysMenu } from '@backroom/contract';
import { Checkbox, Form, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../core/form-dialog';
import { usePerms } from '../../../core/permission';
import { call } from '../../../core/request';
import { entityPerms, epsEntities, splitPerms } from './menu-data';
import { EntityField, type MenuDialogProps, MenuNameField, menuDialogFrame, useEps } from './menu-eps-dialog';
import { ParentSelect, useParentOptions } from './menu-parent-select';

type Values = { prefix: string; name: string; perms: string[]; parentId: number };

/** The menu that already holds permissions of this entity: where a new one most likely belongs. */
function guessParent(rows: readonly SysMenu[], perms: readonly string[]): number | undefined {
  const wanted = new Set(perms);
  const owner = rows.find((r) => r.type === 2 && r.parentId !== null && splitPerms(r.perms).some((p) => wanted.has(p)));
  return owner?.parentId ?? undefined;
}

/**
 * Permission quick-add: choose an entity from EPS, name the permission, tick at least one of its
 * actions and pick the directory or menu it belongs to; it is saved as a type-2 menu.
 */
export function MenuPermQuickAdd(props: MenuDialogProps) {
  const { open, rows } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const held = usePerms((s) => s.perms);
  const prefix = Form.useWatch('prefix', form);
  const chosen = Form.useWatch('perms', form) ?? [];
  const parentOptions = useParentOptions(rows);

  const eps = useEps(open);

  /** Entities with at least one action the operator holds (only those may be written to a menu). */
  const entities = useMemo(() => {
    const heldSet = new Set(held);
    return epsEntities(eps.data)
      .map((entity) => ({ entity, perms: entityPerms(entity).filter((p) => heldSet.has(p.perm)) }))
      .filter((e) => e.perms.length > 0);
  }, [eps.data, held]);
  const current = entities.find((e) => e.entity.prefix === prefix);

  const handleEntity = (value: string) => {
    const next = entities.find((e) => e.entity.prefix === value);
    const perms = next?.perms.map((p) => p.perm) ?? [];
    const parent = guessParent(rows, perms);
    form.setFieldsValue({ perms: [] });
    if (parent !== undefined && !form.isFieldTouched('parentId')) form.setFieldsValue({ parentId: parent });
  };

  const submit = (values: Values) =>
    call(sysMenu.api.add, {
      type: 2,
      name: values.name.trim(),
      parentId: values.parentId,
      perms: values.perms.join(','),
      router: null,
      viewPath: null,
      icon: null,
      orderNum: rows.filter((r) => r.parentId === values.parentId).length + 1,
      keepAlive: true,
      isShow: true,
    });

  const allPerms = current?.perms.map((p) => p.perm) ?? [];
  const allChecked = allPerms.length > 0 && allPerms.every((p) => chosen.includes(p));

  return (
    <FormDialog
      {...menuDialogFrame(props)}
      form={form}
      title={t('base.menu.quick.title')}
      // Every opening starts empty.
      initialValues={() => ({})}
      submit={submit}
      savedText={t('base.menu.quick.saved')}
      width={640}
      name="menuQuickAdd"
    >
      <EntityField
        name="prefix"
        label={t('base.menu.quick.entity')}
        eps={eps}
        entities={entities.map((e) => e.entity)}
        valueFor={(entity) => entity.prefix}
        onChange={handleEntity}
      />
      <MenuNameField label={t('base.menu.quick.name')} placeholder={t('base.menu.quick.namePlaceholder')} />
      <Form.Item
        name="perms"
        label={
          <Space size={12}>
            <span>{t('base.menu.quick.perms')}</span>
            {current && (
              <Checkbox
                checked={allChecked}
                indeterminate={!allChecked && chosen.length > 0}
                onChange={(e) => {
                  form.setFieldsValue({ perms: e.target.checked ? allPerms : [] });
                  void form.validateFields(['perms']);
                }}
              >
                {t('base.menu.quick.all')}
              </Checkbox>
            )}
          </Space>
        }
        rules={[{ required: true, type: 'array', min: 1, message: t('base.menu.quick.permsRequired') }]}
      >
        {current ? (
          <Checkbox.Group className="menu-perm-checks">
            {current.perms.map((p) => (
              <Checkbox key={p.perm} value={p.perm}>
                <span className="menu-perm-check">
                  <code>{p.perm}</code>
                  <span className="menu-muted">{p.summary}</span>
                </span>
              </Checkbox>
            ))}
          </Checkbox.Group>
        ) : (
          <div className="menu-muted">{t('base.menu.quick.chooseEntityFirst')}</div>
        )}
      </Form.Item>
      <Form.Item
        name="parentId"
        label={t('base.menu.quick.parent')}
        tooltip={t('base.menu.quick.parentHint')}
        rules={[{ required: true, message: t('base.menu.quick.parentRequired') }]}
      >
        <ParentSelect treeData={parentOptions} />
      </Form.Item>
    </FormDialog>
  );
}

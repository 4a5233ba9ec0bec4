import { sysMenu } from '@backroom/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Form, Spin, Table, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../core/form-dialog';
import { call } from '../../../core/request';
import { entityPath, epsEntities } from './menu-data';
import { EntityField, type MenuDialogProps, MenuNameField, menuDialogFrame, useEps } from './menu-eps-dialog';
import { ParentSelect, TOP_LEVEL, useParentOptions } from './menu-parent-select';

type Values = { entity: string; name: string; parentId: number };

/**
 * "Create the screen for an entity": choose a served entity, see what parse reads from its
 * declaration (columns, search, permissions), name the page and pick its place; create adds the
 * page and its permission rows in one transaction.
 */
export function MenuEntityCreate(props: MenuDialogProps) {
  const { open, rows } = props;
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const entity = Form.useWatch('entity', form);
  const parentOptions = useParentOptions(rows, undefined, { title: t('base.menu.entity.top'), disabled: false });
  const locale = i18n.language as 'zh-cn' | 'zh-tw' | 'en';

  const eps = useEps(open);
  const entities = useMemo(() => epsEntities(eps.data).filter((e) => e.info?.type), [eps.data]);
  const parsed = useQuery({
    queryKey: ['base', 'menu', 'parse', entity],
    queryFn: () => call(sysMenu.api.parse, { entity }),
    enabled: open && Boolean(entity),
  });
  const routers = new Set(rows.filter((r) => r.type === 1).map((r) => r.router));
  const exists = parsed.data ? routers.has(parsed.data.router) : false;

  return (
    <FormDialog
      {...menuDialogFrame(props)}
      form={form}
      title={t('base.menu.entity.title')}
      initialValues={(): Partial<Values> => ({ parentId: TOP_LEVEL })}
      submit={(values) =>
        call(sysMenu.api.create, {
          entity: values.entity,
          name: values.name.trim(),
          parentId: values.parentId === TOP_LEVEL ? null : values.parentId,
        })
      }
      savedText={t('base.menu.entity.saved')}
      width={720}
      name="menuEntityCreate"
    >
      <EntityField
        name="entity"
        label={t('base.menu.entity.entity')}
        eps={eps}
        entities={entities}
        valueFor={entityPath}
        onChange={() => form.setFieldsValue({ name: '' })}
      />
      {parsed.isFetching && <Spin size="small" />}
      {parsed.data && (
        <>
          {exists && (
            <Alert
              type="warning"
              showIcon
              className="menu-gap"
              title={t('base.menu.entity.exists', { router: parsed.data.router })}
            />
          )}
          <Descriptions size="small" column={1} className="menu-gap">
            <Descriptions.Item label={t('base.menu.entity.router')}>
              <code>{parsed.data.router}</code>
            </Descriptions.Item>
            <Descriptions.Item label={t('base.menu.entity.viewPath')}>
              <code>{parsed.data.viewPath}</code>
            </Descriptions.Item>
            <Descriptions.Item label={t('base.menu.entity.perms')}>
              {parsed.data.perms.map((p) => (
                <Tag key={p.perm}>{p.perm}</Tag>
              ))}
            </Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            rowKey="name"
            pagination={false}
            className="menu-gap"
            scroll={{ y: 240 }}
            dataSource={parsed.data.columns}
            columns={[
              { key: 'name', dataIndex: 'name', title: t('base.menu.entity.column') },
              { key: 'label', title: t('base.menu.entity.label'), render: (_, c) => c.label[locale] ?? c.name },
              { key: 'kind', dataIndex: 'kind', title: t('base.menu.entity.kind') },
              {
                key: 'search',
                title: t('base.menu.entity.search'),
                render: (_, c) => (c.search ? t(`base.menu.entity.searchBy.${c.search}`) : '—'),
              },
            ]}
          />
        </>
      )}
      <MenuNameField label={t('base.menu.entity.name')} placeholder={parsed.data?.label[locale]} />
      <Form.Item name="parentId" label={t('base.menu.quick.parent')}>
        <ParentSelect treeData={parentOptions} />
      </Form.Item>
    </FormDialog>
  );
}

import { MENU_TYPES, type MenuType, type sysMenu } from '@backroom/contract';
import { Col, Form, Input, InputNumber, Radio, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { usePermOptions } from '../hooks/use-perm-options';
import type { useMenuRules } from './menu-form-rules';
import { MenuIconPicker } from './menu-icon-picker';
import { type ParentOption, ParentSelect } from './menu-parent-select';
import { MenuViewSelect } from './menu-view-select';

type Props = {
  /** The type chosen in the form: what else it asks for depends on it. */
  type: MenuType;
  /** An entry with children cannot become a permission. */
  hasChildren: boolean;
  parentOptions: ParentOption[];
  permOptions: ReturnType<typeof usePermOptions>;
  rules: ReturnType<typeof useMenuRules>;
  /** Which entry the dialog is open on: the view choice starts afresh for each. */
  entryKey: string;
  labelOf: (key: keyof typeof sysMenu.columns) => string;
};

/**
 * The menu form's fields: a directory has no view, a menu needs a router starting with '/', a
 * permission carries permission strings under a directory or menu.
 */
export function MenuFormFields({ type, hasChildren, parentOptions, permOptions, rules, entryKey, labelOf }: Props) {
  const { t } = useTranslation();
  return (
    <>
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
          <Form.Item name="name" label={labelOf('name')} required validateFirst rules={rules.name}>
            <Input maxLength={100} placeholder={t(`base.menu.namePlaceholder.${type}`)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="parentId"
            label={labelOf('parentId')}
            required
            validateFirst
            rules={rules.parent}
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
              rules={rules.router}
              tooltip={t('base.menu.routerHint')}
            >
              <Input placeholder="/test" maxLength={255} />
            </Form.Item>
          </Col>
        )}
        {type === 1 && (
          <Col xs={24} md={12}>
            {/* A screen is chosen by name here: "Screen" says it better than the column's "View path". */}
            <Form.Item name="viewPath" label={t('base.menu.view.label')} tooltip={t('base.menu.viewPathHint')}>
              <MenuViewSelect key={entryKey} />
            </Form.Item>
          </Col>
        )}
        {type !== 2 && (
          <Col xs={24} md={12}>
            <Form.Item name="icon" label={labelOf('icon')} required rules={rules.icon}>
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
            rules={rules.orderNum}
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
    </>
  );
}

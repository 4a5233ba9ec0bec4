import { SUPER_ROLE_LABEL, sysRole } from '@backroom/contract';
import { Input, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../core/crud/CrudPage';
import { events } from '../../../core/events';
import { DepartmentCheckTree } from '../components/department-check-tree';
import { MenuCheckTree } from '../components/menu-check-tree';
import './role.css';

/**
 * Roles: name, label and what the role may do (function permissions: the menu tree) and over
 * which departments (data permissions). Saving reloads the signed-in user's own menus.
 */
export default function RoleView() {
  const { t } = useTranslation();
  return (
    <CrudPage
      history
      entity={sysRole}
      editWithInfo
      formWidth={920}
      keywordPlaceholder={t('base.role.keyword')}
      defaults={{ relevance: false, twoFactorRequired: false, menuIdList: [], departmentIdList: [] }}
      onChanged={() => events.emit('menu:reload', undefined)}
      // The superuser role is locked on the server; offering its delete would only end on the error page.
      rowDeletable={(row) => row.label !== SUPER_ROLE_LABEL}
      columns={[
        // A phone shows the name and the label, the row's actions in one menu (nothing sideways).
        { key: 'name', width: 160, onPhone: true },
        { key: 'label', width: 140, onPhone: true },
        // The starter roles' remarks say each one's job: read whole, on two lines beside the row's actions.
        { key: 'remark', width: 240, ellipsis: false },
        {
          key: 'relevance',
          width: 150,
          render: (value) => (value === true ? <Tag color="blue">{t('crud.yes')}</Tag> : <Tag>{t('crud.no')}</Tag>),
        },
        { key: 'createTime', width: 170 },
      ]}
      fields={[
        // Required on edit too: the update schema lets them be absent, but never emptied.
        { name: 'name', required: true },
        { name: 'label', required: true, tooltip: t('base.role.labelHint') },
        { name: 'remark', input: <Input maxLength={sysRole.columns.remark.length} /> },
        {
          name: 'relevance',
          valuePropName: 'checked',
          tooltip: t('base.role.relevanceHint'),
          input: <Switch checkedChildren={t('crud.yes')} unCheckedChildren={t('crud.no')} />,
        },
        {
          name: 'twoFactorRequired',
          valuePropName: 'checked',
          tooltip: t('base.security.roleTwoFactorHint'),
          input: <Switch checkedChildren={t('crud.yes')} unCheckedChildren={t('crud.no')} />,
        },
        { name: 'menuIdList', label: t('base.role.menuPerms'), input: <MenuCheckTree /> },
        {
          name: 'departmentIdList',
          label: t('base.role.dataPerms'),
          tooltip: t('base.role.dataPermsHint'),
          input: <DepartmentCheckTree linkedBy="relevance" />,
        },
      ]}
    />
  );
}

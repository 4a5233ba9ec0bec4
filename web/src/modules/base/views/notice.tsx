import { EyeOutlined } from '@ant-design/icons';
import { baseNotice, sysDepartment, sysRole, sysUser } from '@backroom/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Select, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../core/crud/CrudPage';
import type { FieldOf } from '../../../core/crud/crud-types';
import { usePerm } from '../../../core/permission';
import { call } from '../../../core/request';
import { buildDepartmentTree, departmentOptions } from '../components/department-tree';
import { NoticeReceiptsDialog } from '../components/notice-receipts';
import { richTextExcerpt } from '../components/rich-text-excerpt';
import { RichTextInput } from '../components/rich-text-input';

/** The departments, roles and users an announcement may go to: what the sender's scope lists. */
function useAudience() {
  // Each list is asked for only when held: a refused one would take the whole screen to the 403 page.
  const mayRoles = usePerm(sysRole.perms.list);
  const mayDepartments = usePerm(sysDepartment.perms.list);
  const mayUsers = usePerm(sysUser.perms.list);
  const departments = useQuery({
    queryKey: ['base', 'notice', 'departments'],
    queryFn: () => call(sysDepartment.api.list, {}),
    enabled: mayDepartments,
  });
  const roles = useQuery({
    queryKey: ['base', 'notice', 'roles'],
    queryFn: () => call(sysRole.api.list, {}),
    enabled: mayRoles,
  });
  const users = useQuery({
    queryKey: ['base', 'notice', 'users'],
    queryFn: () => call(sysUser.api.list, {}),
    enabled: mayUsers,
  });
  // Made again only when an answer changes: the screen's fields are built from them.
  return useMemo(
    () => ({
      departments: departmentOptions(buildDepartmentTree(departments.data ?? [])),
      roles: mayRoles ? (roles.data ?? []).map((r) => ({ value: r.id, label: r.name })) : null,
      users: (users.data ?? []).map((u) => ({ value: u.id, label: u.name ? `${u.name} (${u.username})` : u.username })),
    }),
    [departments.data, roles.data, users.data, mayRoles],
  );
}

/**
 * Announcements: a title and rich text to departments (with those below them), roles or users of
 * the sender's scope; each row says how many got it and read it, and opens the receipts.
 */
export default function NoticeScreen() {
  const { t } = useTranslation();
  const audience = useAudience();
  const mayReceipts = usePerm(baseNotice.perms.receipts);
  const [receipts, setReceipts] = useState<{ id: number; title: string } | null>(null);
  const fields: FieldOf<typeof baseNotice>[] = useMemo(
    () => [
      { name: 'title', span: 24 },
      { name: 'content', span: 24, input: <RichTextInput label={t('base.notice.content')} /> },
      {
        name: 'departmentIds',
        span: 24,
        tooltip: t('base.notice.departmentsHint'),
        input: (
          <TreeSelect
            multiple
            treeCheckable
            showCheckedStrategy={TreeSelect.SHOW_PARENT}
            treeDefaultExpandAll
            treeData={audience.departments}
            showSearch={{ treeNodeFilterProp: 'title' }}
            placeholder={t('base.notice.chooseDepartments')}
          />
        ),
      },
      ...(audience.roles
        ? [
            {
              name: 'roleIds' as const,
              span: 24 as const,
              input: <Select mode="multiple" options={audience.roles} optionFilterProp="label" allowClear />,
            },
          ]
        : []),
      {
        name: 'userIds',
        span: 24,
        input: <Select mode="multiple" options={audience.users} optionFilterProp="label" allowClear />,
      },
    ],
    [audience, t],
  );
  return (
    <>
      <CrudPage
        entity={baseNotice}
        formWidth={760}
        columns={[
          // Room for a title to read: with no width the column was sized to its heading and cut every
          // title to a few characters. A longer one wraps rather than being cut.
          { key: 'title', onPhone: true, sortable: true, width: 240, ellipsis: false },
          {
            key: 'content',
            // The excerpt's room too: unsized, it was left a word or two.
            width: 220,
            render: (value) => <span className="param-excerpt">{richTextExcerpt(value)}</span>,
          },
          { key: 'senderName', width: 130 },
          { key: 'recipients', width: 90 },
          { key: 'readCount', width: 90, onPhone: true },
          { key: 'createTime', width: 170 },
        ]}
        fields={fields}
        beforeSubmit={(values) => ({
          ...values,
          departmentIds: values.departmentIds ?? [],
          roleIds: values.roleIds ?? [],
          userIds: values.userIds ?? [],
        })}
        rowActions={
          mayReceipts
            ? (row) => (
                <Button
                  type="link"
                  size="small"
                  icon={<EyeOutlined />}
                  onClick={() => setReceipts({ id: row.id, title: row.title })}
                  data-testid={`notice-receipts-${row.id}`}
                >
                  {t('base.notice.receipts')}
                </Button>
              )
            : undefined
        }
      />
      {receipts && <NoticeReceiptsDialog id={receipts.id} title={receipts.title} onClose={() => setReceipts(null)} />}
    </>
  );
}

import { SwapOutlined, UserOutlined } from '@ant-design/icons';
import {
  PASSWORD_MAX,
  sysRole,
  sysUser,
  USER_LEVELS,
  type UserLevel,
  type UserStatus,
  WECOM_USER_ID,
  withDescendants,
} from '@backroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Input, InputNumber, Select, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage, type CrudRowOf, crudQueryKey, type FieldOf } from '../../../../core/crud/CrudPage';
import { useEntityList } from '../../../../core/crud/parts';
import { deferred, deferredDialog } from '../../../../core/lazy';
import { usePerm } from '../../../../core/permission';
import { call } from '../../../../core/request';
import { useScreen } from '../../../../core/screen';
import { useSession } from '../../../../core/session';
import { DepartmentPanel } from '../../components/department-panel';
import { departmentOptions, topDepartmentId } from '../../components/department-tree';
import { ResetTwoFactorButton } from '../../components/reset-two-factor';
import { StatusSwitch } from '../../components/status-switch';
import { LockTag, UnlockButton, useUserLocks } from '../../components/user-lock';
import { useDepartments } from '../../hooks/use-departments';
import { usePasswordPolicy, usePolicyFormRule } from '../../hooks/use-password-policy';
import './user.css';
import { useFeedback } from '../../../../core/app-feedback';

// What only the add/edit and move dialogs show loads when one opens: the list comes first.
const AvatarInput = deferred(() => import('../../components/avatar-input').then((m) => m.AvatarInput));
const DepartmentSelect = deferred(() => import('../../components/department-select').then((m) => m.DepartmentSelect));
const MoveUsers = deferredDialog(
  () => import('../../components/move-users').then((m) => m.MoveUsers),
  (props) => props.open,
);

const LEVEL_COLORS: Record<UserLevel, string> = {
  clerk: 'default',
  storeManger: 'blue',
  treasurer: 'gold',
  hr: 'purple',
};

/** The status column: a switch that saves at once for whoever may update users, a tag for the others. */
function StatusCell({ row, canUpdate }: { row: CrudRowOf<typeof sysUser>; canUpdate: boolean }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<UserStatus>();
  const update = useMutation({
    mutationFn: (status: UserStatus) => call(sysUser.api.update, { id: row.id, status }),
    onSuccess: async () => {
      void message.success(t('base.user.statusSaved'));
      await queryClient.invalidateQueries({ queryKey: crudQueryKey(sysUser) });
    },
    onSettled: () => setPending(undefined),
  });
  const status = pending ?? row.status;
  if (!canUpdate) {
    return status === 1 ? <Tag color="success">{t('base.user.enabled')}</Tag> : <Tag>{t('base.user.disabled')}</Tag>;
  }
  return (
    <Switch
      size="small"
      checked={status === 1}
      loading={update.isPending}
      aria-label={t('base.user.statusOf', { name: row.username })}
      onChange={(checked) => {
        const next: UserStatus = checked ? 1 : 0;
        setPending(next);
        update.mutate(next);
      }}
    />
  );
}

/**
 * Users and departments: the department tree (left, or folded above the table on phones) filters
 * the user table to the chosen department and everything below it.
 */
export default function UserView() {
  const { t } = useTranslation();
  const policy = usePasswordPolicy();
  const policyRule = usePolicyFormRule(policy);
  // Once the policy is known, it alone speaks for the password (its bounds hold the schema's): one rule shown.
  const passwordSchemaRule = policy ? false : undefined;
  const queryClient = useQueryClient();
  const compact = useScreen() === 'xs';
  const departments = useDepartments();
  const canUpdate = usePerm(sysUser.perms.update);
  const canResetTwoFactor = usePerm(sysUser.perms.resetTwoFactor);
  // Moving needs a department to move to.
  const canMove = usePerm(sysUser.perms.move) && departments.canList;
  const { canList: canRoles, query: roles } = useEntityList(sysRole, ['base', 'roles', 'options']);
  const [departmentId, setDepartmentId] = useState<number>();
  const [selected, setSelected] = useState<number[]>([]);
  const [moving, setMoving] = useState(false);
  const { canUnlock, lockOf } = useUserLocks();
  // Only a superuser sets a user's tenant (the server refuses anyone else): the field is theirs,
  // and only on an install that runs with multi-tenancy on (MULTI_TENANT; person says so).
  const isSuper = useSession((s) => s.userInfo?.isSuper === true);
  const multiTenant = useSession((s) => s.userInfo?.multiTenant === true);

  const reloadUsers = () => queryClient.invalidateQueries({ queryKey: crudQueryKey(sysUser) });
  const handleSelectDepartment = (id: number | undefined) => {
    setDepartmentId(id);
    // The selection belongs to the rows on show; another department starts afresh.
    setSelected([]);
  };

  const departmentIds = departmentId === undefined ? undefined : [...withDescendants(departments.rows, [departmentId])];
  const options = departmentOptions(departments.tree);
  const levelOptions = USER_LEVELS.map((value) => ({ value, label: t(`base.user.levels.${value}`) }));
  const roleOptions = (roles.data ?? []).map((r) => ({ value: r.id, label: r.name }));

  // Offered only to whoever may list departments, and roles.
  const departmentField: FieldOf<typeof sysUser> = {
    name: 'departmentId',
    required: true,
    input: <DepartmentSelect options={options} placeholder={t('base.user.chooseDepartment')} />,
  };
  const rolesField: FieldOf<typeof sysUser> = {
    name: 'roleIdList',
    label: t('base.user.roles'),
    input: (
      <Select
        mode="multiple"
        allowClear
        options={roleOptions}
        loading={roles.isFetching}
        placeholder={t('base.user.chooseRoles')}
        optionFilterProp="label"
      />
    ),
  };

  const tenantField: FieldOf<typeof sysUser> = {
    name: 'tenantId',
    tooltip: t('base.user.tenantHint'),
    // No min or precision on the input: antd would round or raise what was typed on blur, and put
    // the user in a tenant nobody chose. The rule says what is wrong instead.
    input: <InputNumber style={{ width: '100%' }} controls={false} placeholder={t('base.user.tenantNone')} />,
    parse: (input) => {
      if (typeof input !== 'number' || !Number.isInteger(input) || input < 1)
        throw new Error(t('base.user.tenantInvalid'));
      return input;
    },
  };

  const fields: FieldOf<typeof sysUser>[] = [
    {
      name: 'username',
      required: true,
      input: <Input maxLength={sysUser.columns.username.length} autoComplete="off" />,
    },
    {
      name: 'password',
      only: 'add',
      required: true,
      input: <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" />,
      extraRules: [policyRule],
      schemaRule: passwordSchemaRule,
    },
    {
      name: 'password',
      only: 'edit',
      tooltip: t('base.user.passwordKeep'),
      input: (
        <Input.Password
          maxLength={PASSWORD_MAX}
          autoComplete="new-password"
          placeholder={t('base.user.passwordKeep')}
        />
      ),
      extraRules: [policyRule],
      schemaRule: passwordSchemaRule,
    },
    { name: 'name' },
    { name: 'nickName' },
    ...(departments.canList ? [departmentField] : []),
    ...(canRoles ? [rolesField] : []),
    { name: 'userLevel', input: <Select options={levelOptions} /> },
    { name: 'status', input: <StatusSwitch /> },
    { name: 'phone', input: <Input maxLength={sysUser.columns.phone.length} inputMode="tel" /> },
    {
      name: 'email',
      input: <Input maxLength={sysUser.columns.email.length} inputMode="email" />,
      extraRules: [{ type: 'email', message: t('base.user.emailInvalid') }],
    },
    {
      name: 'headImg',
      span: 24,
      input: <AvatarInput maxLength={sysUser.columns.headImg.length} placeholder={t('base.user.headImgHint')} />,
    },
    {
      name: 'wecomUserId',
      tooltip: t('base.user.wecomHint'),
      input: <Input maxLength={sysUser.columns.wecomUserId.length} autoComplete="off" spellCheck={false} />,
      // WeCom's own rule for a UserID, said in words rather than the schema's "not valid".
      parse: (input) => {
        const text = typeof input === 'string' ? input.trim() : '';
        if (text !== '' && !WECOM_USER_ID.test(text)) throw new Error(t('base.user.wecomInvalid'));
        return text === '' ? null : text;
      },
    },
    ...(isSuper && multiTenant ? [tenantField] : []),
    { name: 'remark', span: 24, input: <Input.TextArea rows={3} maxLength={sysUser.columns.remark.length} /> },
  ];

  return (
    <div className={`tree-panel-layout user-view${compact ? ' compact' : ''}`}>
      {departments.canList && (
        <DepartmentPanel
          rows={departments.rows}
          tree={departments.tree}
          loading={departments.query.isFetching}
          selectedId={departmentId}
          onSelect={handleSelectDepartment}
          compact={compact}
          onUsersChanged={() => void reloadUsers()}
        />
      )}
      <div className="tree-panel-main">
        <CrudPage
          entity={sysUser}
          params={departmentIds ? { departmentIds } : undefined}
          editWithInfo
          formWidth={760}
          keywordPlaceholder={t('base.user.keyword')}
          defaults={{
            status: 1,
            userLevel: 'clerk',
            departmentId: departmentId ?? topDepartmentId(departments.rows),
            roleIdList: [],
          }}
          selectedIds={canMove ? selected : undefined}
          onSelect={canMove ? setSelected : undefined}
          toolbar={
            canMove && (
              <Button icon={<SwapOutlined />} disabled={selected.length === 0} onClick={() => setMoving(true)}>
                {t('base.user.move')}
                {selected.length > 0 && <span className="user-move-count">{selected.length}</span>}
              </Button>
            )
          }
          columns={[
            {
              key: 'headImg',
              width: 56,
              sortable: false,
              render: (value) => <Avatar size="small" src={value || undefined} icon={<UserOutlined />} />,
            },
            // What a laptop (1440 px) shows beside the department tree without scrolling; the rest
            // wait in the column settings.
            {
              key: 'username',
              width: 140,
              render: (value) => {
                const lock = lockOf(value);
                return (
                  <>
                    {value}
                    {lock && <LockTag lock={lock} />}
                  </>
                );
              },
            },
            // A phone shows the name, the phone and the status, the row's actions in one menu. A name
            // wraps rather than being cut: "深圳南山…" would stand for every clerk of the store.
            { key: 'name', width: 110, onPhone: true, ellipsis: false },
            { key: 'nickName', width: 120, hidden: true },
            { key: 'departmentName', width: 120 },
            { key: 'roleName', width: 120, sortable: false },
            { key: 'phone', width: 130, hidden: true, onPhone: true },
            { key: 'email', width: 180, hidden: true },
            { key: 'wecomUserId', width: 150, hidden: true },
            ...(multiTenant ? [{ key: 'tenantId' as const, width: 90, hidden: true }] : []),
            {
              key: 'userLevel',
              width: 110,
              hidden: true,
              render: (value) => <Tag color={LEVEL_COLORS[value]}>{t(`base.user.levels.${value}`)}</Tag>,
            },
            {
              key: 'status',
              width: 90,
              ellipsis: false,
              onPhone: true,
              render: (_value, row) => <StatusCell row={row} canUpdate={canUpdate} />,
            },
            { key: 'createTime', width: 170, hidden: true },
          ]}
          fields={fields}
          rowActions={(row) => (
            <>
              {canUnlock && lockOf(row.username) && <UnlockButton id={row.id} username={row.username} />}
              {canResetTwoFactor && row.twoFactor && <ResetTwoFactorButton row={row} />}
            </>
          )}
        />
      </div>
      {canMove && (
        <MoveUsers
          open={moving}
          userIds={selected}
          tree={departments.tree}
          onClose={() => setMoving(false)}
          onMoved={() => {
            setMoving(false);
            setSelected([]);
            void reloadUsers();
          }}
        />
      )}
    </div>
  );
}

import { PASSWORD_MAX, PHONE_TEXT_MAX, sysRole, sysUser, USER_LEVELS, WECOM_USER_ID } from '@backroom/contract';
import { Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldOf } from '../../../core/crud/CrudPage';
import { useEntityList } from '../../../core/crud/parts';
import { deferred } from '../../../core/lazy';
import { useSession } from '../../../core/session';
import { departmentOptions } from '../components/department-tree';
import { StatusSwitch } from '../components/status-switch';
import type { useDepartments } from './use-departments';
import { usePasswordPolicy, usePolicyFormRule } from './use-password-policy';

// What only the add/edit dialog shows loads when it opens: the list comes first.
const AvatarInput = deferred(() => import('../components/avatar-input').then((m) => m.AvatarInput));
const DepartmentSelect = deferred(() => import('../components/department-select').then((m) => m.DepartmentSelect));

type Field = FieldOf<typeof sysUser>;

/** The tenant a superuser sets on an install with multi-tenancy on. */
function useTenantField(): Field {
  const { t } = useTranslation();
  return {
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
}

/**
 * The fields of the user screen's add/edit form: the password under the password policy, the
 * department and roles for whoever may list them, and the tenant for a superuser of a
 * multi-tenant install.
 */
export function useUserFields(departments: ReturnType<typeof useDepartments>): Field[] {
  const { t } = useTranslation();
  const policy = usePasswordPolicy();
  const policyRule = usePolicyFormRule(policy);
  // Once the policy is known, it alone speaks for the password (its bounds hold the schema's): one rule shown.
  const passwordSchemaRule = policy ? false : undefined;
  const { canList: canRoles, query: roles } = useEntityList(sysRole, ['base', 'roles', 'options']);
  // Only a superuser sets a user's tenant (the server refuses anyone else): the field is theirs,
  // and only on an install that runs with multi-tenancy on (MULTI_TENANT; person says so).
  const isSuper = useSession((s) => s.userInfo?.isSuper === true);
  const multiTenant = useSession((s) => s.userInfo?.multiTenant === true);
  const tenantField = useTenantField();

  const options = departmentOptions(departments.tree);
  const levelOptions = USER_LEVELS.map((value) => ({ value, label: t(`base.user.levels.${value}`) }));
  const roleOptions = (roles.data ?? []).map((r) => ({ value: r.id, label: r.name }));

  // Offered only to whoever may list departments, and roles.
  const departmentField: Field = {
    name: 'departmentId',
    required: true,
    input: <DepartmentSelect options={options} placeholder={t('base.user.chooseDepartment')} />,
  };
  const rolesField: Field = {
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

  return [
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
    // Typed as a person writes it (+86 139-1234-5603); the server keeps its one spelling.
    { name: 'phone', input: <Input maxLength={PHONE_TEXT_MAX} inputMode="tel" /> },
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
}

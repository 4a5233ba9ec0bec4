import { UserOutlined } from '@ant-design/icons';
import { sysUser, type UserLevel, type UserStatus } from '@backroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Switch, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { type ColumnOf, type CrudRowOf, crudQueryKey } from '../../../core/crud/CrudPage';
import { usePerm } from '../../../core/permission';
import { call } from '../../../core/request';
import { useSession } from '../../../core/session';
import { RowAvatar } from '../../../ui/row-avatar';
import { LockTag, type useUserLocks } from './user-lock';

const LEVEL_COLORS: Record<UserLevel, string> = {
  clerk: 'default',
  storeManger: 'blue',
  treasurer: 'gold',
  hr: 'purple',
};

/** The status column: a switch that saves at once for whoever may update users, a tag for the others. */
function StatusCell({ row, canUpdate }: { row: CrudRowOf<typeof sysUser>; canUpdate: boolean }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
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
        const save = () => {
          setPending(next);
          update.mutate(next);
        };
        if (checked) return save();
        // Disabling signs the user out everywhere at once: asked first (issue 37).
        modal.confirm({
          title: t('base.user.disableConfirm', { name: row.name || row.username }),
          content: t('base.user.disableHint'),
          okText: t('base.user.disable'),
          okButtonProps: { danger: true },
          cancelText: t('common.cancel'),
          onOk: save,
        });
      }}
    />
  );
}

/** The user table's columns: a lock beside a locked account's name, the status a switch for whoever may update users. */
export function useUserColumns(lockOf: ReturnType<typeof useUserLocks>['lockOf']): ColumnOf<typeof sysUser>[] {
  const { t } = useTranslation();
  const canUpdate = usePerm(sysUser.perms.update);
  const multiTenant = useSession((s) => s.userInfo?.multiTenant === true);
  return [
    {
      key: 'headImg',
      width: 56,
      sortable: false,
      render: (value) => <RowAvatar size="small" src={value} fallback={<UserOutlined />} />,
    },
    // What a laptop (1440 px) shows beside the department tree without scrolling; the rest
    // wait in the column settings.
    {
      key: 'username',
      width: 140,
      // The lock and legacy-password tags wrap below the name rather than being cut off with it.
      ellipsis: false,
      render: (value, row) => {
        const lock = lockOf(value);
        return (
          <>
            {value}
            {lock && <LockTag lock={lock} />}
            {row.legacyPassword && (
              <Tooltip title={t('base.user.legacyPasswordHint')}>
                <Tag color="gold">{t('base.user.legacyPassword')}</Tag>
              </Tooltip>
            )}
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
  ];
}

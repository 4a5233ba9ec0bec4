import { LockOutlined, SafetyOutlined, UnlockOutlined } from '@ant-design/icons';
import { sysUser, type UserLock } from '@backroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { crudQueryKey } from '../../../core/crud/CrudPage';
import { usePerm } from '../../../core/permission';
import { call } from '../../../core/request';
import './user-lock.css';

const LOCKS_KEY = ['base', 'user', 'locks'] as const;

/**
 * The accounts the sign-in throttle holds back, by lower-case username, for whoever may unlock
 * them; read again with the user list.
 */
export function useUserLocks(): { canUnlock: boolean; lockOf: (username: string) => UserLock | undefined } {
  const canUnlock = usePerm({ and: [sysUser.perms.unlock, sysUser.perms.locks] });
  const locks = useQuery({
    queryKey: [...crudQueryKey(sysUser), ...LOCKS_KEY],
    queryFn: () => call(sysUser.api.locks),
    enabled: canUnlock,
  });
  const byName = new Map((locks.data ?? []).map((l) => [l.username, l]));
  return { canUnlock, lockOf: (username) => byName.get(username.toLowerCase()) };
}

/** A locked account's tag, saying why on hover or focus. */
export function LockTag({ lock }: { lock: UserLock }) {
  const { t } = useTranslation();
  const locked = lock.lockedIps.length > 0;
  const why = (
    <>
      <div>
        {t('base.lock.why', { count: lock.failures, since: lock.since, ip: lock.lastIp ?? '—', until: lock.until })}
      </div>
      {locked && <div>{t('base.lock.lockedFrom', { ips: lock.lockedIps.join(', ') })}</div>}
      {lock.escalated && <div>{t('base.lock.escalatedHint')}</div>}
    </>
  );
  return (
    <Tooltip title={why} trigger={['hover', 'focus']}>
      <Tag
        className={`user-lock-tag${locked ? ' locked' : ''}`}
        icon={locked ? <LockOutlined /> : <SafetyOutlined />}
        // Focusable, so the reason shows to the keyboard too.
        tabIndex={0}
        data-testid="user-lock"
        style={{ marginInlineStart: 6 }}
      >
        {locked ? t('base.lock.locked') : t('base.lock.escalated')}
      </Tag>
    </Tooltip>
  );
}

/** The row action that clears an account's failed sign-ins, after a confirmation. */
export function UnlockButton({ id, username }: { id: number; username: string }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const handleClick = () =>
    modal.confirm({
      title: t('base.lock.unlockTitle', { name: username }),
      content: t('base.lock.unlockText'),
      okText: t('base.lock.unlock'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await call(sysUser.api.unlock, { id });
        void message.success(t('base.lock.unlocked', { name: username }));
        await queryClient.invalidateQueries({ queryKey: crudQueryKey(sysUser) });
      },
    });
  return (
    <Button type="link" size="small" icon={<UnlockOutlined />} onClick={handleClick}>
      {t('base.lock.unlock')}
    </Button>
  );
}

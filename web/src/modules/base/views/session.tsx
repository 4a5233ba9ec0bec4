import { LogoutOutlined } from '@ant-design/icons';
import { type SysSession, sysSession } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { CrudPage, crudQueryKey } from '../../../core/crud/CrudPage';
import { usePerm } from '../../../core/permission';
import { call } from '../../../core/request';

/** The force-logout row action, after a confirmation naming the user and the device. */
function ForceLogout({ row }: { row: SysSession }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const user = row.name || row.username || String(row.userId);
  const what = [row.browser, row.device].filter(Boolean).join(' · ') || (row.ip ?? '—');
  const handleClick = () =>
    modal.confirm({
      title: t('base.session.forceTitle', { user, what }),
      content: t('base.session.forceText'),
      okText: t('base.session.force'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await call(sysSession.api.end, { id: row.id });
        void message.success(t('base.session.forced', { user }));
        await queryClient.invalidateQueries({ queryKey: crudQueryKey(sysSession) });
      },
    });
  return (
    <Button type="link" size="small" danger icon={<LogoutOutlined />} onClick={handleClick}>
      {t('base.session.force')}
    </Button>
  );
}

/** Online sessions: everyone's live sign-ins, searched by user, IP, device or browser; force logout. */
export default function SessionList() {
  const { t } = useTranslation();
  const canEnd = usePerm(sysSession.perms.end);
  return (
    <CrudPage
      entity={sysSession}
      keywordPlaceholder={t('base.session.search')}
      columns={[
        { key: 'username', width: 140, sortable: true },
        { key: 'name', width: 130, sortable: true },
        { key: 'device', width: 110 },
        { key: 'browser', width: 130 },
        { key: 'ip', width: 140 },
        { key: 'createTime', title: t('base.session.signedInCol'), width: 170 },
        { key: 'lastSeen', width: 170 },
      ]}
      fields={[]}
      rowActions={canEnd ? (row) => <ForceLogout row={row} /> : undefined}
    />
  );
}

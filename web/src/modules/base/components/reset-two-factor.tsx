import { SafetyOutlined } from '@ant-design/icons';
import { type SysUser, sysUser } from '@backroom/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { call } from '../../../core/request';

/**
 * A user's row action: clears the user's two-factor enrolment (a lost phone) after a confirmation
 * naming the user. The request log records the operator; the user enrols again at will (or at the
 * next sign-in, when a role requires it).
 */
export function ResetTwoFactorButton({ row }: { row: Pick<SysUser, 'id' | 'username'> }) {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const handleClick = () =>
    modal.confirm({
      title: t('base.security.reset.title', { username: row.username }),
      content: t('base.security.reset.content'),
      okText: t('base.security.reset.ok'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await call(sysUser.api.resetTwoFactor, { id: row.id });
        void message.success(t('base.security.reset.done', { username: row.username }));
      },
    });
  return (
    <Button type="link" size="small" icon={<SafetyOutlined />} onClick={handleClick}>
      {t('base.security.reset.action')}
    </Button>
  );
}

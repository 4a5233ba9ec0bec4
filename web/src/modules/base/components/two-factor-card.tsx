import { Card, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { sessionApi } from '../../../core/endpoint-refs';
import { call } from '../../../core/request';
import { useSession } from '../../../core/session';
import { TwoFactorDisable, TwoFactorEnrol } from './two-factor-enrol';
import './sign-in-step.css';

/** The personal center's two-factor section: its state, and enrolling or turning it off. */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const user = useSession((s) => s.userInfo);
  const setUserInfo = useSession((s) => s.setUserInfo);
  const on = user?.twoFactor === true;
  const handleChanged = async () => setUserInfo(await call(sessionApi.person));
  return (
    <Card
      title={t('base.security.twoFactor.title')}
      extra={
        <Tag color={on ? 'success' : 'default'}>
          {on ? t('base.security.twoFactor.statusOn') : t('base.security.twoFactor.statusOff')}
        </Tag>
      }
      data-testid="two-factor-card"
    >
      <Typography.Paragraph>
        {on ? t('base.security.twoFactor.on') : t('base.security.twoFactor.off')}
      </Typography.Paragraph>
      {on ? (
        <TwoFactorDisable onDone={() => void handleChanged()} />
      ) : (
        <TwoFactorEnrol onDone={() => void handleChanged()} />
      )}
    </Card>
  );
}

import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SignInStepProps } from '../../../core/sign-in-steps';
import { SignInStepFrame } from '../components/sign-in-step-frame';
import { TwoFactorEnrol } from '../components/two-factor-enrol';

/** A role requires two-factor sign-in and the user has none yet: the shell shows only this until it is set up. */
export default function TwoFactorEnrolStep({ onDone }: SignInStepProps) {
  const { t } = useTranslation();
  return (
    <SignInStepFrame title={t('base.security.enrolStep.title')}>
      <Card>
        <Typography.Paragraph>{t('base.security.enrolStep.intro')}</Typography.Paragraph>
        <TwoFactorEnrol onDone={onDone} />
      </Card>
    </SignInStepFrame>
  );
}

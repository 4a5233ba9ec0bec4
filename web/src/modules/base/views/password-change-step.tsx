import { Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { sessionApi } from '../../../core/endpoint-refs';
import { call, logout } from '../../../core/request';
import { useSession } from '../../../core/session';
import type { SignInStepProps } from '../../../core/sign-in-steps';
import { NewPasswordFields } from '../components/new-password-fields';
import { SignInStepFrame } from '../components/sign-in-step-frame';

type Values = { originalPassword: string; password: string; confirm: string };

/**
 * The forced password change: the seeded admin's first sign-in, or a password an operator set.
 * Nothing else answers until it is done (the shell shows only this); the change answers a new
 * session, and the app goes on with it.
 */
export default function PasswordChangeStep({ onDone }: SignInStepProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const user = useSession((s) => s.userInfo);
  const setTokens = useSession((s) => s.setTokens);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const handleFinish = async (values: Values) => {
    setSaving(true);
    try {
      const pair = await call(sessionApi.passwordChange, {
        originalPassword: values.originalPassword,
        password: values.password,
      });
      setTokens(pair);
      void message.success(t('base.security.firstChange.done'));
      onDone();
    } catch {
      // The request layer has shown why (a wrong original password, a rule the server names).
    } finally {
      setSaving(false);
    }
  };

  return (
    <SignInStepFrame title={t('base.security.firstChange.title')}>
      <Card>
        <Typography.Paragraph>{t('base.security.firstChange.intro')}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={(values) => void handleFinish(values)} requiredMark={false}>
          <input type="text" name="username" autoComplete="username" value={user?.username ?? ''} readOnly hidden />
          <Form.Item
            name="originalPassword"
            label={t('base.my.originalPassword')}
            rules={[{ required: true, message: t('base.my.originalRequired') }]}
          >
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
          <NewPasswordFields username={user?.username} />
          <div className="sign-in-step-actions">
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('base.security.firstChange.submit')}
            </Button>
            <Button
              type="link"
              onClick={() =>
                void call(sessionApi.logout, undefined, { silent: true })
                  .catch(() => undefined)
                  .then(() => logout())
              }
            >
              {t('base.security.signOut')}
            </Button>
          </div>
        </Form>
      </Card>
    </SignInStepFrame>
  );
}

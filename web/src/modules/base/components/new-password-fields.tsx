import { CheckCircleFilled, InfoCircleOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { PASSWORD_MAX } from '@backroom/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePasswordPolicy, usePolicyRule, useRuleChecklist } from '../hooks/use-password-policy';
import './sign-in-step.css';

/**
 * The new password and its confirmation, checked against the server's policy as the user types,
 * with the rules listed below (met ones ticked). Used by the forced change and the personal center.
 */
export function NewPasswordFields({ username }: { username: string | null | undefined }) {
  const { t } = useTranslation();
  const policy = usePasswordPolicy();
  const policyRule = usePolicyRule(policy, username);
  const value = Form.useWatch<string | undefined>('password');
  const checklist = useRuleChecklist(policy, value, username);
  return (
    <>
      <Form.Item
        name="password"
        label={t('base.my.newPassword')}
        rules={[{ required: true, message: t('base.my.newRequired') }, policyRule]}
        extra={
          checklist.length > 0 && (
            <div className="password-rules">
              <span>{t('base.security.rulesTitle')}</span>
              <ul>
                {checklist.map(({ rule, text, met }) => (
                  <li key={rule} data-rule={rule} data-met={met === null ? undefined : String(met)}>
                    {met === null ? (
                      <InfoCircleOutlined aria-hidden />
                    ) : met ? (
                      <CheckCircleFilled aria-hidden className="rule-met" />
                    ) : (
                      <MinusCircleOutlined aria-hidden />
                    )}{' '}
                    {text}
                  </li>
                ))}
              </ul>
            </div>
          )
        }
      >
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('base.my.confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('base.my.newRequired') },
          ({ getFieldValue }) => ({
            validator: (_, confirm) =>
              !confirm || confirm === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('base.my.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
      </Form.Item>
    </>
  );
}

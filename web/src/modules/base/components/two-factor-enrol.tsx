import { baseComm, type TwoFactorSetup } from '@backroom/contract';
import { Alert, Button, Form, Input, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { saveFile } from '../../../core/download';
import { call } from '../../../core/request';
import { QrCode } from './qr-code';
import './sign-in-step.css';

const codeRules = (message: string) => [{ required: true, pattern: /^\d{6}$/, message }];

/** The recovery codes, shown once, to copy or download. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const text = `${codes.join('\n')}\n`;
  const handleCopy = async () => {
    await navigator.clipboard.writeText(text);
    void message.success(t('base.security.twoFactor.copied'));
  };
  const handleDownload = () => saveFile('backroom-recovery-codes.txt', text, 'text/plain');
  return (
    <div className="two-factor-codes">
      <Alert type="success" showIcon title={t('base.security.twoFactor.enabled')} />
      <Typography.Title level={2} className="two-factor-subtitle">
        {t('base.security.twoFactor.codesTitle')}
      </Typography.Title>
      <Typography.Paragraph>{t('base.security.twoFactor.codesIntro')}</Typography.Paragraph>
      <List
        className="two-factor-code-list"
        size="small"
        bordered
        dataSource={codes}
        renderItem={(code) => (
          <List.Item>
            <Typography.Text code>{code}</Typography.Text>
          </List.Item>
        )}
      />
      <Space wrap className="two-factor-actions">
        <Button onClick={() => void handleCopy()}>{t('base.security.twoFactor.copy')}</Button>
        <Button onClick={handleDownload}>{t('base.security.twoFactor.download')}</Button>
        <Button type="primary" onClick={onDone}>
          {t('base.security.twoFactor.done')}
        </Button>
      </Space>
    </div>
  );
}

/**
 * Enrolment in two-factor sign-in: a new secret as a QR code and as text, a code from the app to
 * confirm it, then the recovery codes, once. `onDone` runs after the user has seen the codes.
 */
export function TwoFactorEnrol({ onDone, onCancel }: { onDone(): void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  const handleStart = async () => {
    setBusy(true);
    try {
      setSetup(await call(baseComm.api.twoFactorSetup));
    } finally {
      setBusy(false);
    }
  };
  const handleEnable = async ({ code }: { code: string }) => {
    setBusy(true);
    try {
      setCodes((await call(baseComm.api.twoFactorEnable, { code })).recoveryCodes);
    } catch {
      // The request layer has shown why (a wrong code, an expired setup).
    } finally {
      setBusy(false);
    }
  };

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;
  if (!setup) {
    return (
      <Space wrap>
        <Button type="primary" loading={busy} onClick={() => void handleStart()}>
          {t('base.security.twoFactor.start')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('base.security.twoFactor.cancel')}</Button>}
      </Space>
    );
  }
  return (
    <div className="two-factor-setup">
      <Typography.Paragraph>{t('base.security.twoFactor.scan')}</Typography.Paragraph>
      <div className="two-factor-qr">
        <QrCode text={setup.uri} label={t('base.security.twoFactor.qr')} />
      </div>
      <Typography.Paragraph>
        {t('base.security.twoFactor.secret')}:{' '}
        <Typography.Text code copyable data-testid="two-factor-secret">
          {setup.secret}
        </Typography.Text>
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={(values) => void handleEnable(values)} requiredMark={false}>
        <Form.Item
          name="code"
          label={t('base.security.twoFactor.code')}
          rules={codeRules(t('base.security.twoFactor.codeRequired'))}
        >
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('base.security.twoFactor.enable')}
          </Button>
          {onCancel && <Button onClick={onCancel}>{t('base.security.twoFactor.cancel')}</Button>}
        </Space>
      </Form>
    </div>
  );
}

/** Turning two-factor sign-in off, with the password and a current code. */
export function TwoFactorDisable({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  const handleFinish = async ({ code, password }: { code: string; password: string }) => {
    setBusy(true);
    try {
      await call(baseComm.api.twoFactorDisable, { code, password });
      void message.success(t('base.security.twoFactor.disabled'));
      onDone();
    } catch {
      // The request layer has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form
      name="twoFactorDisable"
      layout="vertical"
      onFinish={(values) => void handleFinish(values)}
      requiredMark={false}
    >
      <Typography.Paragraph>{t('base.security.twoFactor.disableIntro')}</Typography.Paragraph>
      <Form.Item
        name="password"
        label={t('base.security.twoFactor.disablePassword')}
        rules={[{ required: true, message: t('base.security.twoFactor.disablePasswordRequired') }]}
      >
        <Input.Password autoComplete="current-password" maxLength={200} />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('base.security.twoFactor.code')}
        rules={codeRules(t('base.security.twoFactor.codeRequired'))}
      >
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
      </Form.Item>
      <Button danger htmlType="submit" loading={busy}>
        {t('base.security.twoFactor.disable')}
      </Button>
    </Form>
  );
}

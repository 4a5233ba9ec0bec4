import { baseComm, normaliseMobile, PHONE_TEXT_MAX, type SysUser, sysUser } from '@backroom/contract';
import { Button, Card, Col, Form, Input, Row } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { zodRule } from '../../../core/crud/zod-rule';
import { call, logout } from '../../../core/request';
import { useSession } from '../../../core/session';
import { AvatarInput } from '../components/avatar-input';
import { MySessions } from '../components/my-sessions';
import { NewPasswordFields } from '../components/new-password-fields';
import { TwoFactorCard } from '../components/two-factor-card';

type Profile = Pick<SysUser, 'name' | 'nickName' | 'headImg' | 'phone' | 'email'>;
type Passwords = { originalPassword: string; password: string; confirm: string };

/** Personal center: profile (nickname required) and password (original + new, by the password policy). */
export default function MyInfo() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const user = useSession((s) => s.userInfo);
  const setUserInfo = useSession((s) => s.setUserInfo);
  const [profileForm] = Form.useForm<Profile>();
  const [passwordForm] = Form.useForm<Passwords>();
  const [saving, setSaving] = useState<'profile' | 'password' | null>(null);

  useEffect(() => {
    if (user) profileForm.setFieldsValue(user);
  }, [user, profileForm]);

  const handleProfile = async (values: Profile) => {
    if (!user) return;
    setSaving('profile');
    try {
      await call(baseComm.api.personUpdate, { ...values, nickName: (values.nickName ?? '').trim() });
      // The server keeps the number in its one spelling (+86 139… as 139…): show what it keeps.
      const phone = values.phone ? (normaliseMobile(values.phone) ?? values.phone) : values.phone;
      setUserInfo({ ...user, ...values, phone });
      void message.success(t('base.my.saved'));
    } finally {
      setSaving(null);
    }
  };

  const handlePassword = async (values: Passwords) => {
    if (!user) return;
    setSaving('password');
    try {
      await call(baseComm.api.personUpdate, {
        nickName: user.nickName || user.username,
        originalPassword: values.originalPassword,
        password: values.password,
      });
      passwordForm.resetFields();
      // Done, not failed: a success message, and the login page asks for the new password only.
      logout(t('base.my.passwordChanged'), false, { kind: 'success', username: user.username });
    } finally {
      setSaving(null);
    }
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Card title={t('base.my.profile')}>
          <Form form={profileForm} layout="vertical" onFinish={handleProfile}>
            <Form.Item name="headImg" label={t('base.my.avatar')}>
              <AvatarInput size={64} placeholder={t('base.my.avatarHint')} maxLength={500} />
            </Form.Item>
            <Form.Item
              name="nickName"
              label={t('base.my.nickName')}
              rules={[{ required: true, whitespace: true, message: t('base.my.nickNameRequired') }]}
            >
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="name" label={t('base.my.name')}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item
              name="phone"
              label={t('base.my.phone')}
              rules={[zodRule(sysUser.columns.phone.schema.nullable().optional(), t('base.my.phone'))]}
            >
              <Input maxLength={PHONE_TEXT_MAX} inputMode="tel" />
            </Form.Item>
            <Form.Item name="email" label={t('base.my.email')} rules={[{ type: 'email' }]}>
              <Input maxLength={100} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={saving === 'profile'}>
              {t('common.save')}
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card title={t('base.my.security')} className="my-password">
          <Form form={passwordForm} layout="vertical" onFinish={handlePassword}>
            <Form.Item
              name="originalPassword"
              label={t('base.my.originalPassword')}
              rules={[{ required: true, message: t('base.my.originalRequired') }]}
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <NewPasswordFields username={user?.username} />
            <Button type="primary" htmlType="submit" loading={saving === 'password'}>
              {t('common.save')}
            </Button>
          </Form>
        </Card>
        <MySessions />
        <TwoFactorCard />
      </Col>
    </Row>
  );
}

import { DownOutlined } from '@ant-design/icons';
import { type Locale, PHONE_TEXT_MAX, type UserInfo, userInfo } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Dropdown, Input, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { type ColumnOf, CrudPage, crudQueryKey, type FieldOf, type FilterSpec } from '../../../core/crud/CrudPage';
import { deferred } from '../../../core/lazy';
import { usePerm } from '../../../core/permission';
import { call } from '../../../core/request';
import { PopupOnDemand } from '../../../ui/row-actions';
import { RowAvatar } from '../../../ui/row-avatar';
import { optionsOf, STATUS_DOTS, valueLabel } from '../components/labels';
import { MaskedPhone } from '../components/masked-phone';
import '../user.css';

const UserDetails = deferred(() => import('../components/user-details').then((m) => m.UserDetails));

/**
 * The app users (the family's /user/list): who signed up by mini program, official account or H5,
 * with their status and sign-in type, the phone masked (shown by reveal), a status change after a
 * confirmation, and a details drawer with their addresses and the customer their phone matches.
 */
export default function UserListView() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const canRead = usePerm(userInfo.perms.details);
  const canUpdate = usePerm(userInfo.perms.update);
  const [detailsOf, setDetailsOf] = useState<number | null>(null);
  const label = (key: keyof typeof userInfo.columns) => userInfo.columns[key].label[locale];
  const nameOf = (row: Pick<UserInfo, 'nickName'>) => row.nickName || t('user.unnamed');

  const handleStatus = (row: UserInfo, status: number) => {
    modal.confirm({
      title: t('user.statusConfirm', { name: nameOf(row), status: valueLabel('status', status, locale) }),
      content: status === 1 ? undefined : t('user.statusHint'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await call(userInfo.api.update, { id: row.id, status: status as 0 | 1 | 2 });
        void message.success(t('user.statusSaved'));
        await queryClient.invalidateQueries({ queryKey: crudQueryKey(userInfo) });
      },
    });
  };

  const filters: FilterSpec<'status' | 'gender' | 'loginType'>[] = [
    { name: 'status', label: label('status'), options: optionsOf('status', locale) },
    { name: 'loginType', label: label('loginType'), options: optionsOf('loginType', locale) },
    { name: 'gender', label: label('gender'), options: optionsOf('gender', locale) },
  ];

  const columns: ColumnOf<typeof userInfo>[] = [
    {
      key: 'avatarUrl',
      width: 72,
      sortable: false,
      render: (value, row) => <RowAvatar src={value} alt={nameOf(row)} fallback={nameOf(row).slice(0, 1)} />,
    },
    {
      key: 'nickName',
      width: 160,
      render: (_value, row) =>
        canRead ? (
          <Button type="link" size="small" className="user-name-link" onClick={() => setDetailsOf(row.id)}>
            {nameOf(row)}
          </Button>
        ) : (
          nameOf(row)
        ),
    },
    {
      key: 'phone',
      width: 170,
      render: (value, row) => <MaskedPhone id={row.id} value={value} label={label('phone')} />,
    },
    {
      key: 'loginType',
      width: 120,
      render: (value) => <Tag>{valueLabel('loginType', value, locale)}</Tag>,
    },
    {
      key: 'status',
      width: 100,
      render: (value) => <Badge status={STATUS_DOTS[value]} text={valueLabel('status', value, locale)} />,
    },
    { key: 'gender', width: 80, render: (value) => valueLabel('gender', value, locale) },
    { key: 'unionid', width: 160, hidden: true },
    { key: 'description', width: 200, hidden: true, ellipsis: true },
    { key: 'createTime', width: 170 },
  ];

  const fields: FieldOf<typeof userInfo>[] = [
    { name: 'nickName', input: <Input maxLength={100} autoFocus /> },
    { name: 'phone', tooltip: t('user.maskedHint'), input: <Input maxLength={PHONE_TEXT_MAX} inputMode="tel" /> },
    { name: 'gender', input: <Select options={optionsOf('gender', locale)} /> },
    { name: 'loginType', input: <Select options={optionsOf('loginType', locale)} /> },
    { name: 'status', only: 'edit', input: <Select options={optionsOf('status', locale)} /> },
    {
      name: 'password',
      tooltip: t('user.passwordHint'),
      input: <Input.Password maxLength={16} autoComplete="new-password" />,
    },
    { name: 'avatarUrl', span: 24, input: <Input maxLength={500} /> },
    { name: 'description', span: 24, input: <Input.TextArea rows={2} maxLength={500} /> },
  ];

  return (
    <>
      <CrudPage
        entity={userInfo}
        keywordPlaceholder={t('user.search')}
        columns={columns}
        fields={fields}
        filters={filters}
        defaults={{ gender: 0, loginType: 2, status: 1 }}
        formWidth={720}
        recordName={nameOf}
        beforeSubmit={(values) => (values.password ? values : { ...values, password: undefined })}
        rowActions={(row) =>
          canUpdate ? (
            // The menu is made when the button is first clicked, not with every row (ui/row-actions.tsx).
            <PopupOnDemand
              popup={(anchor, open, setOpen) => (
                <Dropdown
                  trigger={['click']}
                  open={open}
                  onOpenChange={setOpen}
                  menu={{
                    items: optionsOf('status', locale)
                      .filter((o) => o.value !== row.status)
                      .map((o) => ({ key: String(o.value), label: o.label })),
                    onClick: ({ key }) => handleStatus(row, Number(key)),
                  }}
                >
                  {anchor}
                </Dropdown>
              )}
            >
              <Button type="link" size="small" data-testid="user-status">
                {t('user.status')} <DownOutlined />
              </Button>
            </PopupOnDemand>
          ) : null
        }
      />
      {detailsOf !== null && <UserDetails id={detailsOf} onClose={() => setDetailsOf(null)} />}
    </>
  );
}

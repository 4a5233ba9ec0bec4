import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { customerInfo, type Locale, type UserAddress, userAddress, userInfo } from '@backroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Badge, Button, Descriptions, Drawer, Empty, List, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { crudQueryKey } from '../../../core/crud/CrudPage';
import { LoadError } from '../../../core/crud/parts';
import { deferred, deferredDialog } from '../../../core/lazy';
import { usePerm } from '../../../core/permission';
import { call } from '../../../core/request';
import { useScreen } from '../../../core/screen';
import { loadCustomerShared } from '../../customer';
import type { AddressDraft } from './address-dialog';
import { STATUS_DOTS, valueLabel } from './labels';
import { MaskedPhone } from './masked-phone';

const AddressDialog = deferredDialog(
  () => import('./address-dialog').then((m) => m.AddressDialog),
  (props) => props.draft !== null,
);
const CustomerDetails = deferred(() => loadCustomerShared().then((m) => m.CustomerDetails));

/**
 * An app user in a drawer: their fields, the customer their phone matches (when the operator may
 * see that customer; it opens the customer's own details), and their addresses, added, edited and
 * deleted in place by those who may.
 */
export function UserDetails({ id, onClose }: { id: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const narrow = useScreen() === 'xs';
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const canAdd = usePerm(userAddress.perms.add);
  const canEdit = usePerm(userAddress.perms.update);
  const canDelete = usePerm(userAddress.perms.delete);
  const canOpenCustomer = usePerm(customerInfo.perms.details);
  const [open, setOpen] = useState(true);
  const [draft, setDraft] = useState<AddressDraft | null>(null);
  const [customerOf, setCustomerOf] = useState<number | null>(null);
  const query = useQuery({ queryKey: ['user', 'details', id], queryFn: () => call(userInfo.api.details, { id }) });
  const user = query.data;
  const label = (key: keyof typeof userInfo.columns) => userInfo.columns[key].label[locale];
  const name = user?.nickName || t('user.unnamed');

  const reload = async () => {
    await query.refetch();
    await queryClient.invalidateQueries({ queryKey: crudQueryKey(userAddress) });
  };

  const handleDelete = (address: UserAddress) => {
    modal.confirm({
      title: t('user.deleteAddress', { name: address.contact }),
      okText: t('crud.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await call(userAddress.api.delete, { ids: [address.id] });
        void message.success(t('user.addressDeleted'));
        await reload();
      },
    });
  };

  const body = (() => {
    if (query.isError && !user) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
    if (!user) {
      return (
        <div className="user-details-loading">
          <Spin />
        </div>
      );
    }
    return (
      <>
        <Descriptions
          size="small"
          column={narrow ? 1 : 2}
          bordered
          items={[
            {
              key: 'avatar',
              label: label('avatarUrl'),
              children: (
                <Avatar src={user.avatarUrl || undefined} alt={name} size={40}>
                  {name.slice(0, 1)}
                </Avatar>
              ),
            },
            { key: 'nickName', label: label('nickName'), children: name },
            {
              key: 'phone',
              label: label('phone'),
              children: <MaskedPhone id={user.id} value={user.phone} label={label('phone')} />,
            },
            { key: 'gender', label: label('gender'), children: valueLabel('gender', user.gender, locale) },
            {
              key: 'loginType',
              label: label('loginType'),
              children: <Tag>{valueLabel('loginType', user.loginType, locale)}</Tag>,
            },
            {
              key: 'status',
              label: label('status'),
              children: <Badge status={STATUS_DOTS[user.status]} text={valueLabel('status', user.status, locale)} />,
            },
            {
              key: 'customer',
              label: t('user.customer'),
              span: narrow ? 1 : 2,
              children: user.customer ? (
                canOpenCustomer ? (
                  <Button
                    type="link"
                    size="small"
                    className="user-name-link"
                    data-testid="user-customer"
                    aria-label={t('user.openCustomer', { name: user.customer.customerName })}
                    onClick={() => setCustomerOf(user.customer?.id ?? null)}
                  >
                    {user.customer.customerName}
                  </Button>
                ) : (
                  user.customer.customerName
                )
              ) : (
                <span className="customer-muted">{t('user.noCustomer')}</span>
              ),
            },
            { key: 'description', label: label('description'), span: narrow ? 1 : 2, children: user.description },
            { key: 'created', label: t('crud.createTime'), children: user.createTime },
            { key: 'updated', label: t('crud.updateTime'), children: user.updateTime },
          ]}
        />
        <div className="user-details-head">
          <h3>{t('user.addresses')}</h3>
          {canAdd && (
            <Button icon={<PlusOutlined />} onClick={() => setDraft({ userId: user.id })} data-testid="address-add">
              {t('user.addAddress')}
            </Button>
          )}
        </div>
        {user.addresses.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('user.noAddresses')} />
        ) : (
          <List
            bordered
            size="small"
            data-testid="user-addresses"
            dataSource={user.addresses}
            renderItem={(address) => (
              <List.Item
                actions={[
                  ...(canEdit
                    ? [
                        <Button
                          key="edit"
                          type="text"
                          size="small"
                          icon={<EditOutlined />}
                          aria-label={`${t('user.editAddress')}: ${address.contact}`}
                          data-testid="address-edit"
                          onClick={() => setDraft({ userId: user.id, row: address })}
                        />,
                      ]
                    : []),
                  ...(canDelete
                    ? [
                        <Button
                          key="delete"
                          type="text"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('user.deleteAddress', { name: address.contact })}
                          data-testid="address-delete"
                          onClick={() => handleDelete(address)}
                        />,
                      ]
                    : []),
                ]}
              >
                <Space direction="vertical" size={0}>
                  <span className="user-address-line">
                    <strong>{address.contact}</strong>
                    <span>{address.phone}</span>
                    {address.isDefault && <Tag>{t('user.default')}</Tag>}
                  </span>
                  <span>
                    {[address.province, address.city, address.district, address.address].filter(Boolean).join(' ')}
                  </span>
                </Space>
              </List.Item>
            )}
          />
        )}
      </>
    );
  })();

  return (
    <Drawer
      open={open}
      title={user ? t('user.details', { name }) : t('common.loading')}
      width={narrow ? '100%' : 720}
      onClose={() => setOpen(false)}
      afterOpenChange={(visible) => !visible && onClose()}
      className="user-details"
    >
      {body}
      <AddressDialog
        draft={draft}
        onClose={() => setDraft(null)}
        onSaved={() => {
          setDraft(null);
          void reload();
        }}
      />
      {customerOf !== null && <CustomerDetails id={customerOf} onClose={() => setCustomerOf(null)} />}
    </Drawer>
  );
}

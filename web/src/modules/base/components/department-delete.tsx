import { sysDepartment } from '@backroom/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Checkbox, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { api } from '../../../core/request';
import type { DepartmentNode } from './department-tree';

type Props = {
  department: DepartmentNode | null;
  /** The department the users move to when they are kept. */
  topName: string | undefined;
  onClose: () => void;
  onDeleted: (id: number) => void;
};

/**
 * Deletes a department with its sub-departments. Its users are deleted too only when asked;
 * otherwise the server moves them to the top department.
 */
export function DepartmentDelete({ department, topName, onClose, onDeleted }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [deleteUser, setDeleteUser] = useState(false);

  const remove = useMutation({
    mutationFn: (id: number) => api.post(`${sysDepartment.prefix}/delete`, { ids: [id], deleteUser }),
    onSuccess: (_data, id) => {
      void message.success(t('crud.deleted'));
      setDeleteUser(false);
      onDeleted(id);
    },
  });

  const handleClose = () => {
    setDeleteUser(false);
    onClose();
  };

  return (
    <Modal
      open={department !== null}
      title={t('base.user.deleteTitle', { name: department?.name ?? '' })}
      onCancel={handleClose}
      onOk={() => department && remove.mutate(department.id)}
      okText={t('crud.delete')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={remove.isPending}
    >
      {department && department.children.length > 0 && (
        <Typography.Paragraph>{t('base.user.deleteSubs', { count: department.children.length })}</Typography.Paragraph>
      )}
      <Checkbox checked={deleteUser} onChange={(e) => setDeleteUser(e.target.checked)}>
        {t('base.user.deleteUsers')}
      </Checkbox>
      <Alert
        className="dept-delete-hint"
        type={deleteUser ? 'error' : 'info'}
        showIcon
        title={deleteUser ? t('base.user.deleteUsersWarn') : t('base.user.keepUsers', { name: topName ?? '' })}
      />
    </Modal>
  );
}

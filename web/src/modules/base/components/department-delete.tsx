import { sysDepartment } from '@backroom/contract';
import { Alert, Checkbox, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../core/delete-dialog';
import { call } from '../../../core/request';
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
  const [deleteUser, setDeleteUser] = useState(false);

  return (
    <DeleteDialog
      data={department}
      title={t('base.user.deleteTitle', { name: department?.name ?? '' })}
      okText={t('crud.delete')}
      remove={(target) => call(sysDepartment.api.delete, { ids: [target.id], deleteUser })}
      deletedText={t('crud.deleted')}
      onDeleted={(target) => {
        setDeleteUser(false);
        onDeleted(target.id);
      }}
      onClose={() => {
        setDeleteUser(false);
        onClose();
      }}
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
    </DeleteDialog>
  );
}

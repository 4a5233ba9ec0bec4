import { SwapOutlined } from '@ant-design/icons';
import { sysUser, withDescendants } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage, crudQueryKey } from '../../../../core/crud/CrudPage';
import { deferredDialog } from '../../../../core/lazy';
import { usePerm } from '../../../../core/permission';
import { useScreen } from '../../../../core/screen';
import { DepartmentPanel } from '../../components/department-panel';
import { topDepartmentId } from '../../components/department-tree';
import { ResetTwoFactorButton } from '../../components/reset-two-factor';
import { useUserColumns } from '../../components/user-columns';
import { UnlockButton, useUserLocks } from '../../components/user-lock';
import { useDepartments } from '../../hooks/use-departments';
import { useUserFields } from '../../hooks/use-user-fields';
import './user.css';

// What only the move dialog shows loads when it opens: the list comes first (the add/edit form's
// parts likewise, hooks/use-user-fields.tsx).
const MoveUsers = deferredDialog(
  () => import('../../components/move-users').then((m) => m.MoveUsers),
  (props) => props.open,
);

/**
 * Users and departments: the department tree (left, or folded above the table on phones) filters
 * the user table to the chosen department and everything below it. Its form's fields are
 * hooks/use-user-fields.tsx, its columns components/user-columns.tsx.
 */
export default function UserView() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const compact = useScreen() === 'xs';
  const departments = useDepartments();
  const canResetTwoFactor = usePerm(sysUser.perms.resetTwoFactor);
  // Moving needs a department to move to.
  const canMove = usePerm(sysUser.perms.move) && departments.canList;
  const [departmentId, setDepartmentId] = useState<number>();
  const [selected, setSelected] = useState<number[]>([]);
  const [moving, setMoving] = useState(false);
  const { canUnlock, lockOf } = useUserLocks();
  const fields = useUserFields(departments);
  const columns = useUserColumns(lockOf);

  const reloadUsers = () => queryClient.invalidateQueries({ queryKey: crudQueryKey(sysUser) });
  const handleSelectDepartment = (id: number | undefined) => {
    setDepartmentId(id);
    // The selection belongs to the rows on show; another department starts afresh.
    setSelected([]);
  };

  const departmentIds = departmentId === undefined ? undefined : [...withDescendants(departments.rows, [departmentId])];

  return (
    <div className={`tree-panel-layout user-view${compact ? ' compact' : ''}`}>
      {departments.canList && (
        <DepartmentPanel
          rows={departments.rows}
          tree={departments.tree}
          loading={departments.query.isFetching}
          selectedId={departmentId}
          onSelect={handleSelectDepartment}
          compact={compact}
          onUsersChanged={() => void reloadUsers()}
        />
      )}
      <div className="tree-panel-main">
        <CrudPage
          history
          entity={sysUser}
          params={departmentIds ? { departmentIds } : undefined}
          editWithInfo
          formWidth={760}
          keywordPlaceholder={t('base.user.keyword')}
          defaults={{
            status: 1,
            userLevel: 'clerk',
            departmentId: departmentId ?? topDepartmentId(departments.rows),
            roleIdList: [],
          }}
          selectedIds={canMove ? selected : undefined}
          onSelect={canMove ? setSelected : undefined}
          toolbar={
            canMove && (
              <Button icon={<SwapOutlined />} disabled={selected.length === 0} onClick={() => setMoving(true)}>
                {t('base.user.move')}
                {selected.length > 0 && <span className="user-move-count">{selected.length}</span>}
              </Button>
            )
          }
          columns={columns}
          fields={fields}
          rowActions={(row) => (
            <>
              {canUnlock && lockOf(row.username) && <UnlockButton id={row.id} username={row.username} />}
              {canResetTwoFactor && row.twoFactor && <ResetTwoFactorButton row={row} />}
            </>
          )}
        />
      </div>
      {canMove && (
        <MoveUsers
          open={moving}
          userIds={selected}
          tree={departments.tree}
          onClose={() => setMoving(false)}
          onMoved={() => {
            setMoving(false);
            setSelected([]);
            void reloadUsers();
          }}
        />
      )}
    </div>
  );
}

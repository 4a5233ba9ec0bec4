import { sysUser } from '@backroom/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../core/form-dialog';
import { call } from '../../../core/request';
import { DepartmentSelect } from './department-select';
import { type DepartmentNode, departmentOptions } from './department-tree';

type Props = {
  open: boolean;
  userIds: number[];
  tree: readonly DepartmentNode[];
  onClose: () => void;
  onMoved: () => void;
};

type Values = { departmentId: number };

/** Moves the chosen users to one department. */
export function MoveUsers({ open, userIds, tree, onClose, onMoved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();

  return (
    <FormDialog
      data={open ? userIds : null}
      form={form}
      title={t('base.user.moveTitle', { count: userIds.length })}
      submit={(values, ids) => call(sysUser.api.move, { departmentId: values.departmentId, userIds: ids })}
      savedText={t('base.user.moved', { count: userIds.length })}
      onSaved={() => {
        form.resetFields();
        onMoved();
      }}
      onClose={onClose}
      okText={t('base.user.move')}
    >
      <Form.Item
        name="departmentId"
        label={t('base.user.moveTarget')}
        rules={[{ required: true, message: t('base.user.chooseDepartment') }]}
      >
        <DepartmentSelect options={departmentOptions(tree)} placeholder={t('base.user.chooseDepartment')} />
      </Form.Item>
    </FormDialog>
  );
}

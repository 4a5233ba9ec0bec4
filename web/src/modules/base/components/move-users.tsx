import { sysUser } from '@backroom/contract';
import { useMutation } from '@tanstack/react-query';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { api } from '../../../core/request';
import { DepartmentSelect } from './department-select';
import { type DepartmentNode, departmentOptions } from './department-tree';

type Props = {
  open: boolean;
  userIds: number[];
  tree: readonly DepartmentNode[];
  onClose: () => void;
  onMoved: () => void;
};

/** Moves the chosen users to one department. */
export function MoveUsers({ open, userIds, tree, onClose, onMoved }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ departmentId: number }>();

  const move = useMutation({
    mutationFn: (departmentId: number) => api.post(`${sysUser.prefix}/move`, { departmentId, userIds }),
    onSuccess: () => {
      void message.success(t('base.user.moved', { count: userIds.length }));
      form.resetFields();
      onMoved();
    },
  });

  const handleOk = async () => {
    const { departmentId } = await form.validateFields();
    move.mutate(departmentId);
  };

  return (
    <Modal
      open={open}
      title={t('base.user.moveTitle', { count: userIds.length })}
      onCancel={onClose}
      onOk={() => void handleOk()}
      okText={t('base.user.move')}
      cancelText={t('common.cancel')}
      confirmLoading={move.isPending}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="departmentId"
          label={t('base.user.moveTarget')}
          rules={[{ required: true, message: t('base.user.chooseDepartment') }]}
        >
          <DepartmentSelect options={departmentOptions(tree)} placeholder={t('base.user.chooseDepartment')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

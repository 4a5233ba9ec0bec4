import { useMutation } from '@tanstack/react-query';
import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from './app-feedback';

type Props<D> = {
  /** What is to be deleted; the dialog is open while it is set. */
  data: D | null;
  title: ReactNode;
  /** The red button's words. */
  okText: string;
  /** Not yet (what goes with it is still being counted). */
  okDisabled?: boolean;
  /** The delete itself. */
  remove: (data: D) => Promise<unknown>;
  /** The message once it went through. */
  deletedText: string;
  onDeleted: (data: D) => void;
  onClose: () => void;
  width?: number;
  destroyOnHidden?: boolean;
  /** What the deletion takes with it, and any choice about it. */
  children: ReactNode;
};

/**
 * The dialog that deletes a node of a tree after saying what goes with it (sub-departments and
 * their users, sub-categories and their files). A failed delete keeps it open; the request layer
 * says why.
 */
export function DeleteDialog<D>({
  data,
  title,
  okText,
  okDisabled,
  remove,
  deletedText,
  onDeleted,
  onClose,
  width,
  destroyOnHidden,
  children,
}: Props<D>) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: (_result, target) => {
      void message.success(deletedText);
      onDeleted(target);
    },
  });
  return (
    <Modal
      open={data !== null}
      title={title}
      onCancel={onClose}
      onOk={() => data !== null && mutation.mutate(data)}
      okText={okText}
      okButtonProps={{ danger: true, disabled: okDisabled }}
      cancelText={t('common.cancel')}
      confirmLoading={mutation.isPending}
      width={width}
      destroyOnHidden={destroyOnHidden}
    >
      {children}
    </Modal>
  );
}

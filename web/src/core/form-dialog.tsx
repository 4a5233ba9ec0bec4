import { useMutation } from '@tanstack/react-query';
import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from './app-feedback';

/** What antd's setFieldsValue takes: any part of the values, nested parts too. */
export type FormStart<V> = Parameters<FormInstance<V>['setFieldsValue']>[0];

export type FormDialogProps<V, D, R> = {
  /** What the dialog edits (a draft, a row, the chosen files); the dialog is open while it is set. */
  data: D | null;
  form: FormInstance<V>;
  title: ReactNode;
  /**
   * The values the form starts from, read each time `data` changes (an opening), after the fields
   * are reset. Without it the form keeps what it last held.
   */
  initialValues?: (data: D) => FormStart<V>;
  /** Sends the checked values; what it answers goes to onSaved. */
  submit: (values: V, data: D) => Promise<R>;
  /** The message shown once the save went through. */
  savedText: string;
  /** After the message; the dialog shows its OK button busy until a returned promise settles. */
  onSaved: (result: R, values: V) => void | Promise<void>;
  onClose: () => void;
  /** The OK button's text; "Save" when absent. */
  okText?: string;
  width?: number;
  /** The form's name (it prefixes the fields' ids) and class. */
  name?: string;
  className?: string;
  /** Enter in a field saves: for dialogs of one or two fields. */
  submitOnEnter?: boolean;
  /** Unmount the fields when the dialog closes (the default); false keeps them for the next opening. */
  destroyOnHidden?: boolean;
  children: ReactNode;
};

/**
 * The add/edit dialog of every management screen: a modal around an antd form that fills the form
 * when it opens, validates it (problems show beside their fields), sends it, says it was saved and
 * hands the answer back. A failed request keeps the dialog open; the request layer says why.
 */
export function FormDialog<V, D, R>({
  data,
  form,
  title,
  initialValues,
  submit,
  savedText,
  onSaved,
  onClose,
  okText,
  width,
  name,
  className,
  submitOnEnter,
  destroyOnHidden = true,
  children,
}: FormDialogProps<V, D, R>) {
  const { t } = useTranslation();
  const { message } = useFeedback();

  // Screens pass a new function on every render: read it when the dialog opens, not as a reason
  // to start the form over while someone types.
  const initialRef = useRef(initialValues);
  initialRef.current = initialValues;
  // Each opening starts from its data, before the dialog is painted.
  useLayoutEffect(() => {
    const initial = initialRef.current;
    if (data === null || !initial) return;
    form.resetFields();
    form.setFieldsValue(initial(data));
  }, [data, form]);

  const save = useMutation({
    mutationFn: ({ values, target }: { values: V; target: D }) => submit(values, target),
    onSuccess: async (result, { values }) => {
      void message.success(savedText);
      await onSaved(result, values);
    },
  });

  const handleOk = async () => {
    if (data === null) return;
    const values = await form.validateFields().catch(() => null);
    if (values !== null) save.mutate({ values, target: data });
  };

  return (
    <Modal
      open={data !== null}
      title={title}
      onCancel={onClose}
      onOk={() => void handleOk()}
      okText={okText ?? t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      width={width}
      destroyOnHidden={destroyOnHidden}
      forceRender
    >
      <Form
        form={form}
        name={name}
        layout="vertical"
        className={className}
        onFinish={submitOnEnter ? () => void handleOk() : undefined}
      >
        {children}
      </Form>
    </Modal>
  );
}

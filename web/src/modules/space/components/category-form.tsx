import { spaceType } from '@backroom/contract';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Modal, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useFeedback } from '../../../core/app-feedback';
import { zodRule } from '../../../core/crud/zod-rule';
import { api } from '../../../core/request';
import { type CategoryNode, categoryOptions } from '../category-tree';

/** A new category (no id) under an optional parent, or an existing one to rename or move. */
export type CategoryDraft = { id?: number; name: string; parentId: number | null };

type Values = { name: string; parentId?: number | null };

type Props = {
  draft: CategoryDraft | null;
  tree: readonly CategoryNode[];
  onClose: () => void;
  onSaved: (parentId: number | null) => void;
};

/** Adds or renames a category; its parent may be any category but itself or one below it. */
export function CategoryForm({ draft, tree, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (draft) form.setFieldsValue({ name: draft.name, parentId: draft.parentId });
  }, [draft, form]);

  const options = useMemo(() => categoryOptions(tree, draft?.id), [tree, draft]);

  const save = useMutation({
    mutationFn: (values: Values) => {
      const body = { name: values.name.trim(), parentId: values.parentId ?? null };
      return draft?.id === undefined
        ? api.post(`${spaceType.prefix}/add`, body)
        : api.post(`${spaceType.prefix}/update`, { id: draft.id, ...body });
    },
    onSuccess: (_data, values) => {
      void message.success(t('space.categorySaved'));
      onSaved(values.parentId ?? null);
    },
  });

  const handleOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values) save.mutate(values);
  };

  const label = t('space.categoryName');
  return (
    <Modal
      open={draft !== null}
      title={draft?.id === undefined ? t('space.addCategory') : t('space.rename')}
      onCancel={onClose}
      onOk={() => void handleOk()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      forceRender
      width={440}
    >
      <Form form={form} layout="vertical" onFinish={() => void handleOk()}>
        <Form.Item
          name="name"
          label={label}
          rules={[
            { required: true, whitespace: true, message: t('space.categoryNameRequired') },
            zodRule(spaceType.columns.name.schema as z.ZodType, label),
          ]}
        >
          <Input maxLength={spaceType.columns.name.length} autoFocus />
        </Form.Item>
        <Form.Item name="parentId" label={t('space.parentCategory')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            treeData={options}
            placeholder={t('space.noParent')}
            fieldNames={{ label: 'title', value: 'value', children: 'children' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { type SpaceInfo, spaceInfo } from '@backroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useFeedback } from '../../../core/app-feedback';
import { zodRule } from '../../../core/crud/zod-rule';
import { api } from '../../../core/request';
import { type CategoryNode, categoryOptions } from '../category-tree';
import { FILES_KEY } from '../hooks/use-space';

/** Renames one file (its record; the stored address stays). */
export function RenameFile({ file, onClose }: { file: SpaceInfo | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string }>();
  useEffect(() => {
    if (file) form.setFieldsValue({ name: file.name });
  }, [file, form]);
  const save = useMutation({
    mutationFn: (name: string) => api.post(`${spaceInfo.prefix}/update`, { id: file?.id, name }),
    onSuccess: async () => {
      void message.success(t('space.renamed'));
      await queryClient.invalidateQueries({ queryKey: FILES_KEY });
      onClose();
    },
  });
  const handleOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values) save.mutate(values.name.trim());
  };
  const label = t('space.fileName');
  return (
    <Modal
      open={file !== null}
      title={t('space.renameTitle')}
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
            { required: true, whitespace: true, message: t('space.fileNameRequired') },
            zodRule(spaceInfo.columns.name.schema as z.ZodType, label),
          ]}
        >
          <Input maxLength={spaceInfo.columns.name.length} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type MoveProps = {
  files: SpaceInfo[] | null;
  tree: readonly CategoryNode[];
  onClose: () => void;
  onMoved: () => void;
};

/** Moves files to another category (or to none). */
export function MoveFiles({ files, tree, onClose, onMoved }: MoveProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ classifyId?: number | null }>();
  const options = useMemo(() => categoryOptions(tree), [tree]);
  useEffect(() => {
    if (files) form.setFieldsValue({ classifyId: files.length === 1 ? (files[0]?.classifyId ?? null) : null });
  }, [files, form]);
  const move = useMutation({
    // One update per file: the standard calls are all the server offers, and each is its own row.
    mutationFn: async (classifyId: number | null) => {
      for (const file of files ?? []) await api.post(`${spaceInfo.prefix}/update`, { id: file.id, classifyId });
    },
    onSuccess: () => {
      void message.success(t('space.moved'));
      onMoved();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: FILES_KEY }),
  });
  return (
    <Modal
      open={files !== null}
      title={t('space.moveTitle', { count: files?.length ?? 0 })}
      onCancel={onClose}
      onOk={() => move.mutate(form.getFieldValue('classifyId') ?? null)}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={move.isPending}
      destroyOnHidden
      forceRender
      width={440}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="classifyId" label={t('space.moveTarget')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            treeData={options}
            placeholder={t('space.allFiles')}
            fieldNames={{ label: 'title', value: 'value', children: 'children' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { type SpaceInfo, spaceInfo } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TextItem } from '../../../core/crud/text-item';
import { FormDialog } from '../../../core/form-dialog';
import { call } from '../../../core/request';
import { type CategoryNode, categoryOptions } from '../category-tree';
import { FILES_KEY } from '../hooks/use-space';
import { CategorySelect } from './category-select';

/** Renames one file (its record; the stored address stays). */
export function RenameFile({ file, onClose }: { file: SpaceInfo | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string }>();
  return (
    <FormDialog
      data={file}
      form={form}
      title={t('space.renameTitle')}
      initialValues={(f) => ({ name: f.name })}
      submit={(values, target) => call(spaceInfo.api.update, { id: target.id, name: values.name.trim() })}
      savedText={t('space.renamed')}
      onSaved={async () => {
        await queryClient.invalidateQueries({ queryKey: FILES_KEY });
        onClose();
      }}
      onClose={onClose}
      width={440}
      submitOnEnter
    >
      <TextItem
        name="name"
        label={t('space.fileName')}
        schema={spaceInfo.columns.name.schema as z.ZodType}
        maxLength={spaceInfo.columns.name.length}
        requiredMessage={t('space.fileNameRequired')}
      />
    </FormDialog>
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
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ classifyId?: number | null }>();
  const options = useMemo(() => categoryOptions(tree), [tree]);

  // One update per file: the standard calls are all the server offers, and each is its own row.
  const submit = async (values: { classifyId?: number | null }, targets: SpaceInfo[]) => {
    try {
      for (const file of targets) {
        await call(spaceInfo.api.update, { id: file.id, classifyId: values.classifyId ?? null });
      }
    } finally {
      // Moved or only partly: the list shows where the files are now.
      void queryClient.invalidateQueries({ queryKey: FILES_KEY });
    }
  };

  return (
    <FormDialog
      data={files}
      form={form}
      title={t('space.moveTitle', { count: files?.length ?? 0 })}
      initialValues={(list) => ({ classifyId: list.length === 1 ? (list[0]?.classifyId ?? null) : null })}
      submit={submit}
      savedText={t('space.moved')}
      onSaved={onMoved}
      onClose={onClose}
      okText={t('common.ok')}
      width={440}
    >
      <Form.Item name="classifyId" label={t('space.moveTarget')}>
        <CategorySelect options={options} placeholder={t('space.allFiles')} />
      </Form.Item>
    </FormDialog>
  );
}

import { spaceType } from '@backroom/contract';
import { Form } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TextItem } from '../../../core/crud/text-item';
import { FormDialog } from '../../../core/form-dialog';
import { call } from '../../../core/request';
import { type CategoryNode, categoryOptions } from '../category-tree';
import { CategorySelect } from './category-select';

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
  const [form] = Form.useForm<Values>();
  const options = useMemo(() => categoryOptions(tree, draft?.id), [tree, draft]);

  const submit = (values: Values, target: CategoryDraft) => {
    const body = { name: values.name.trim(), parentId: values.parentId ?? null };
    return target.id === undefined
      ? call(spaceType.api.add, body)
      : call(spaceType.api.update, { id: target.id, ...body });
  };

  return (
    <FormDialog
      data={draft}
      form={form}
      title={draft?.id === undefined ? t('space.addCategory') : t('space.rename')}
      initialValues={(d) => ({ name: d.name, parentId: d.parentId })}
      submit={submit}
      savedText={t('space.categorySaved')}
      onSaved={(_result, values) => onSaved(values.parentId ?? null)}
      onClose={onClose}
      width={440}
      submitOnEnter
    >
      <TextItem
        name="name"
        label={t('space.categoryName')}
        schema={spaceType.columns.name.schema as z.ZodType}
        maxLength={spaceType.columns.name.length}
        requiredMessage={t('space.categoryNameRequired')}
      />
      <Form.Item name="parentId" label={t('space.parentCategory')}>
        <CategorySelect options={options} placeholder={t('space.noParent')} />
      </Form.Item>
    </FormDialog>
  );
}

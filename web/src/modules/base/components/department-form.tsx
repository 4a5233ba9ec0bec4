import { flattenTree, sysDepartment, withDescendants } from '@backroom/contract';
import { Form, InputNumber, Switch } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TextItem } from '../../../core/crud/text-item';
import { zodRule } from '../../../core/crud/zod-rule';
import { FormDialog } from '../../../core/form-dialog';
import type { Locale } from '../../../core/i18n';
import { call } from '../../../core/request';
import { DepartmentSelect } from './department-select';
import { type DepartmentNode, type DepartmentOption, departmentOptions, findDepartment } from './department-tree';

/** What the form edits: a new department (no id) under an optional parent, or an existing one. */
export type DepartmentDraft = {
  id?: number;
  name: string;
  parentId: number | null;
  parentName?: string | null;
  orderNum: number;
  isStore: boolean;
};

type Values = { name: string; parentId?: number | null; orderNum?: number | null; isStore?: boolean };

type Props = {
  draft: DepartmentDraft | null;
  tree: readonly DepartmentNode[];
  onClose: () => void;
  onSaved: (parentId: number | null) => void;
};

/** Adds or edits a department: name, parent (never itself or below itself), order, and whether it is a store. */
export function DepartmentForm({ draft, tree, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const [form] = Form.useForm<Values>();
  const { columns } = sysDepartment;
  const shape = sysDepartment.schemas.create.shape;

  const options = useMemo((): DepartmentOption[] => {
    if (!draft) return [];
    const rows = flattenTree(tree).map(({ node }) => node);
    const own = draft.id === undefined ? undefined : withDescendants(rows, [draft.id]);
    const list = departmentOptions(tree, own);
    // The parent of a department at the edge of the user's scope is not listed: keep it choosable by name.
    if (draft.parentId !== null && !findDepartment(tree, draft.parentId)) {
      list.unshift({ value: draft.parentId, title: draft.parentName ?? String(draft.parentId), children: [] });
    }
    return list;
  }, [draft, tree]);

  const submit = (values: Values, target: DepartmentDraft) => {
    const body = {
      name: values.name.trim(),
      parentId: values.parentId ?? null,
      orderNum: values.orderNum ?? 0,
      isStore: values.isStore ?? false,
    };
    return target.id === undefined
      ? call(sysDepartment.api.add, body)
      : call(sysDepartment.api.update, { id: target.id, ...body });
  };

  const label = (key: 'name' | 'parentId' | 'orderNum' | 'isStore') => columns[key].label[locale];

  return (
    <FormDialog
      data={draft}
      form={form}
      title={
        draft?.id === undefined
          ? t('base.user.addDepartment')
          : t('base.user.editDepartmentTitle', { name: draft.name })
      }
      initialValues={(d) => ({ name: d.name, parentId: d.parentId, orderNum: d.orderNum, isStore: d.isStore })}
      submit={submit}
      savedText={t('crud.saved')}
      onSaved={(_result, values) => onSaved(values.parentId ?? null)}
      onClose={onClose}
      className="crud-form"
    >
      <TextItem name="name" label={label('name')} schema={shape.name as z.ZodType} maxLength={columns.name.length} />
      <Form.Item name="parentId" label={label('parentId')}>
        <DepartmentSelect allowClear options={options} placeholder={t('base.user.topLevel')} />
      </Form.Item>
      <Form.Item
        name="orderNum"
        label={label('orderNum')}
        rules={[zodRule(shape.orderNum as z.ZodType, label('orderNum'))]}
      >
        <InputNumber precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="isStore" label={label('isStore')} valuePropName="checked" extra={t('base.user.storeHint')}>
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}

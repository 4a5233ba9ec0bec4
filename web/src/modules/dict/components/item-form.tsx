import {
  DICT_LABEL_COLUMNS,
  type DictInfo,
  type DictType,
  dictInfo,
  LOCALES,
  mapTree,
  type TableNode,
  withDescendants,
} from '@backroom/contract';
import { Col, Form, Input, InputNumber, Row, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TextItem } from '../../../core/crud/text-item';
import { normalizeValue, zodRule } from '../../../core/crud/zod-rule';
import { itemTree } from '../../../core/dictionaries';
import { FormDialog, type FormStart } from '../../../core/form-dialog';
import type { Locale } from '../../../core/i18n';
import { call } from '../../../core/request';

/** The parent select's "top level" entry (parentId null). */
const TOP_LEVEL = 0;

/** A new item (below an optional parent), or an existing one. */
export type ItemDraft = { mode: 'add'; parentId: number | null; orderNum: number } | { mode: 'edit'; item: DictInfo };

/** The item's label in each UI language (dict_info nameZhCn, nameZhTw, nameEn), in the form's order. */
const LABEL_KEYS = LOCALES.map((l) => DICT_LABEL_COLUMNS[l]);

type Values = {
  parentId: number;
  name: string;
  nameZhCn?: string | null;
  nameZhTw?: string | null;
  nameEn?: string | null;
  value?: string | null;
  orderNum?: number | null;
  remark?: string | null;
};

/** Where the form starts: the draft's parent and order for a new item, the item itself otherwise. */
function startValues(draft: ItemDraft): FormStart<Values> {
  if (draft.mode === 'add') return { parentId: draft.parentId ?? TOP_LEVEL, orderNum: draft.orderNum };
  const { item } = draft;
  return {
    parentId: item.parentId ?? TOP_LEVEL,
    name: item.name,
    nameZhCn: item.nameZhCn,
    nameZhTw: item.nameZhTw,
    nameEn: item.nameEn,
    value: item.value,
    orderNum: item.orderNum,
    remark: item.remark,
  };
}

type ParentOption = { value: number; title: string; children?: ParentOption[] };

type Props = {
  type: DictType;
  /** Every item of the type (parent choices). */
  items: readonly DictInfo[];
  draft: ItemDraft | null;
  onClose: () => void;
  onSaved: (parentId: number | null) => void;
};

/** Adds or edits an item of a type: parent (never itself or below itself), name, value, order, remark. */
export function ItemForm({ type, items, draft, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const [form] = Form.useForm<Values>();
  const { columns } = dictInfo;
  const shape = dictInfo.schemas.create.shape;
  const label = (key: keyof typeof columns) => columns[key].label[locale];
  const editing = draft?.mode === 'edit' ? draft.item : undefined;

  const parentOptions = useMemo((): ParentOption[] => {
    const blocked = editing ? withDescendants(items, [editing.id]) : new Set<number>();
    const options = mapTree<TableNode<DictInfo>, ParentOption>(
      itemTree(items),
      (item, children) =>
        children.length > 0 ? { value: item.id, title: item.name, children } : { value: item.id, title: item.name },
      (item) => !blocked.has(item.id),
    );
    return [{ value: TOP_LEVEL, title: t('dict.topLevel') }, ...options];
  }, [items, editing, t]);

  const submit = async (values: Values, target: ItemDraft) => {
    const body = {
      typeId: type.id,
      parentId: values.parentId === TOP_LEVEL ? null : values.parentId,
      name: values.name.trim(),
      ...Object.fromEntries(LABEL_KEYS.map((key) => [key, values[key]?.trim() || null])),
      value: normalizeValue(values.value?.trim(), shape.value as z.ZodType) ?? null,
      orderNum: values.orderNum ?? 0,
      remark: normalizeValue(values.remark, shape.remark as z.ZodType) ?? null,
    };
    if (target.mode === 'edit') await call(dictInfo.api.update, { id: target.item.id, ...body });
    else await call(dictInfo.api.add, body);
    return body.parentId;
  };

  return (
    <FormDialog
      data={draft}
      form={form}
      title={`${editing ? t('dict.editItem', { name: editing.name }) : t('dict.addItem')} · ${type.name}`}
      initialValues={startValues}
      submit={submit}
      savedText={t('crud.saved')}
      onSaved={(parentId) => onSaved(parentId)}
      onClose={onClose}
      width={640}
      name="dict-item"
      className="crud-form"
    >
      <Row gutter={16}>
        <Col xs={24}>
          <Form.Item name="parentId" label={t('dict.parent')}>
            <TreeSelect<number>
              treeData={parentOptions}
              treeDefaultExpandAll
              showSearch={{ treeNodeFilterProp: 'title' }}
              styles={{ popup: { root: { maxHeight: 360, overflow: 'auto' } } }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <TextItem
            name="name"
            label={label('name')}
            schema={shape.name as z.ZodType}
            maxLength={columns.name.length}
          />
        </Col>
        {LABEL_KEYS.map((key) => (
          <Col xs={24} md={8} key={key}>
            <Form.Item
              name={key}
              label={label(key)}
              tooltip={t('dict.labelHint')}
              rules={[zodRule(shape[key] as z.ZodType, label(key))]}
            >
              <Input maxLength={columns[key].length} placeholder={t('dict.labelPlaceholder')} autoComplete="off" />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} md={12}>
          <Form.Item
            name="value"
            label={label('value')}
            tooltip={t('dict.valueHint')}
            rules={[zodRule(shape.value as z.ZodType, label('value'))]}
          >
            <Input
              maxLength={columns.value.length}
              placeholder={t('dict.valuePlaceholder')}
              autoComplete="off"
              spellCheck={false}
              className="dict-code-input"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="orderNum"
            label={label('orderNum')}
            tooltip={t('dict.orderHint')}
            rules={[zodRule(shape.orderNum as z.ZodType, label('orderNum'))]}
          >
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="remark"
            label={label('remark')}
            rules={[zodRule(shape.remark as z.ZodType, label('remark'))]}
          >
            <Input.TextArea rows={3} maxLength={columns.remark.length} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}

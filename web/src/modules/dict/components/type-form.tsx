import { addedId, DICT_KEY_PATTERN, type DictType, dictType } from '@backroom/contract';
import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TextItem } from '../../../core/crud/text-item';
import { zodRule } from '../../../core/crud/zod-rule';
import { FormDialog } from '../../../core/form-dialog';
import type { Locale } from '../../../core/i18n';
import { call } from '../../../core/request';

/** What the form edits: a new type, or an existing one. */
export type TypeDraft = { mode: 'add' } | { mode: 'edit'; type: DictType };

type Values = { name: string; key: string };

type Props = {
  draft: TypeDraft | null;
  onClose: () => void;
  /** The saved type's id (the new id on add). */
  onSaved: (id: number) => void;
};

/** Adds or edits a dictionary type: its name and the key screens read it by. */
export function TypeForm({ draft, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const [form] = Form.useForm<Values>();
  const { columns } = dictType;
  const shape = dictType.schemas.create.shape;
  const label = (key: keyof typeof columns) => columns[key].label[locale];
  const editing = draft?.mode === 'edit' ? draft.type : undefined;
  const key = Form.useWatch('key', form);

  const submit = async (values: Values, target: TypeDraft) => {
    const body = { name: values.name.trim(), key: values.key.trim() };
    if (target.mode === 'add') return addedId(await call(dictType.api.add, body));
    await call(dictType.api.update, { id: target.type.id, ...body });
    return target.type.id;
  };

  return (
    <FormDialog
      data={draft}
      form={form}
      title={editing ? t('dict.editTypeTitle', { name: editing.name }) : t('dict.addType')}
      initialValues={(d) => (d.mode === 'edit' ? { name: d.type.name, key: d.type.key } : {})}
      submit={submit}
      savedText={t('crud.saved')}
      onSaved={(id) => onSaved(id)}
      onClose={onClose}
      name="dict-type"
      className="crud-form"
    >
      <TextItem name="name" label={label('name')} schema={shape.name as z.ZodType} maxLength={columns.name.length} />
      <Form.Item
        name="key"
        label={label('key')}
        required
        extra={t('dict.keyHint')}
        normalize={(value: string) => value.trim()}
        rules={[
          zodRule(shape.key as z.ZodType, label('key')),
          { pattern: DICT_KEY_PATTERN, message: t('dict.keyFormat') },
        ]}
      >
        <Input maxLength={columns.key.length} autoComplete="off" spellCheck={false} className="dict-code-input" />
      </Form.Item>
      {editing && key !== undefined && key !== editing.key && (
        <Alert type="warning" showIcon title={t('dict.keyChangeHint')} />
      )}
    </FormDialog>
  );
}

import type { Entity, Locale } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { crudQueryKey, type FieldSpec } from '../../../core/crud/CrudPage';
import type { CrudValues } from '../../../core/crud/crud-types';
import { deferredDialog } from '../../../core/lazy';

// The kit's own add/edit dialog, loaded the first time a quick action opens it.
const CrudForm = deferredDialog(
  () => import('../../../core/crud/crud-form').then((m) => m.CrudForm),
  (props) => props.editing !== null,
);

type Props = {
  entity: Entity;
  fields: readonly FieldSpec[];
  title: string;
  /** The values the new record starts with; the dialog is open while they are set. */
  start: CrudValues | null;
  /** Sends the new record (the entity's create verb). */
  send: (values: CrudValues) => Promise<unknown>;
  onClose: () => void;
  /** After the save, once the entity's tables have been told to reload. */
  onSaved: () => void;
};

/**
 * Adds a record of another entity from where the operator stands (an invitation from a customer's
 * details), with that entity's own form and checks: the CRUD kit's dialog, outside its page.
 */
export function QuickForm({ entity, fields, title, start, send, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const queryClient = useQueryClient();
  const open = start !== null;
  // One opening is one editing: a new object on every render would start the form over.
  const editing = useMemo(() => (open ? ({ mode: 'add' } as const) : null), [open]);
  const labelOf = (key: string) =>
    entity.columns[key]?.label[locale] ?? entity.joined[key]?.label[locale] ?? t(`crud.${key}`);
  return (
    <CrudForm
      entity={entity}
      fields={[...fields]}
      editing={editing}
      defaults={start ?? {}}
      add={send}
      title={title}
      labelOf={labelOf}
      width={720}
      onClose={onClose}
      onSaved={async () => {
        await queryClient.invalidateQueries({ queryKey: crudQueryKey(entity) });
        onSaved();
      }}
    />
  );
}

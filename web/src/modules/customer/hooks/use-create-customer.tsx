import { type BodyOf, type CustomerDuplicate, customerInfo } from '@backroom/contract';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import type { FormValuesOf } from '../../../core/crud/CrudPage';
import { call } from '../../../core/request';

export type CustomerDraft = FormValuesOf<typeof customerInfo>;
/** What preCreate and create take: the form's values once its rules (the same schema's) have passed. */
type CreateBody = BodyOf<typeof customerInfo.api.create>;

/** The operator chose not to save a customer whose phone number is in use: the form stays open. */
export class DuplicateDeclined extends Error {
  constructor() {
    super('duplicate declined');
  }
}

/** The customers that share the draft's phone number, as the confirmation lists them. */
function DuplicateList({ duplicates }: { duplicates: readonly CustomerDuplicate[] }) {
  const { t } = useTranslation();
  return (
    <div data-testid="customer-duplicates">
      <p>{t('customer.duplicate.intro', { count: duplicates.length })}</p>
      <ul className="customer-duplicates">
        {duplicates.map((d) =>
          d.visible ? (
            <li key={d.id}>
              <strong>{d.customerName}</strong>
              {d.customerCode ? ` · ${d.customerCode}` : ''}
              {d.storeName ? ` · ${d.storeName}` : ''}
              {d.employeeName ? ` · ${d.employeeName}` : ''}
            </li>
          ) : (
            // Beyond the operator's scope the server names the store alone (one entry a store).
            <li key={`store-${d.storeName ?? ''}`} className="customer-muted">
              {t('customer.duplicate.outside', { store: d.storeName ?? '—' })}
            </li>
          ),
        )}
      </ul>
    </div>
  );
}

/**
 * Saving a new customer: preCreate checks the draft first (nothing written); when the phone number
 * is in use already, the duplicates are listed and the operator confirms before create runs.
 */
export function useCreateCustomer() {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const confirmDuplicates = (duplicates: readonly CustomerDuplicate[]) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t('customer.duplicate.title'),
        content: <DuplicateList duplicates={duplicates} />,
        okText: t('customer.duplicate.save'),
        cancelText: t('common.cancel'),
        width: 480,
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  return async (draft: CustomerDraft) => {
    // The form checked the draft with the create schema itself: every required field is there.
    const body = draft as CreateBody;
    const checked = await call(customerInfo.api.preCreate, body);
    if (checked.duplicates.length > 0 && !(await confirmDuplicates(checked.duplicates))) {
      throw new DuplicateDeclined();
    }
    // Confirmed: create takes a known phone number only when told so (`force`), else it refuses it.
    return call(customerInfo.api.create, { ...body, force: checked.duplicates.length > 0 });
  };
}

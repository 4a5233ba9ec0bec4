import { userInfo } from '@backroom/contract';
import { deferred } from '../../../core/lazy';
import { call } from '../../../core/request';
import { loadCustomerShared } from '../../customer';

const MaskedValue = deferred(() => loadCustomerShared().then((m) => m.MaskedValue));

/** An app user's phone as the server sends it (masked), with the customer module's "show" for those who may. */
export function MaskedPhone({ id, value, label }: { id: number; value: string | null; label: string }) {
  return (
    <MaskedValue
      value={value}
      perm={userInfo.perms.reveal}
      label={label}
      reveal={(reason) => call(userInfo.api.reveal, { id, field: 'phone', reason })}
    />
  );
}

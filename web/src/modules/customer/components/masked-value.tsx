import { EyeOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deferredDialog } from '../../../core/lazy';
import { usePerm } from '../../../core/permission';
import { onSessionEnd, useSession } from '../../../core/session';
import type { RevealTarget } from './reveal-dialog';
import '../customer.css';

const RevealDialog = deferredDialog(
  () => import('./reveal-dialog').then((m) => m.RevealDialog),
  (props) => props.target !== null,
);

/**
 * The reason given at the first reveal of this session: asked once, then sent with every later
 * reveal (each is audited with it, as the first was). A sign-out forgets it.
 */
let sessionReason: string | null = null;
onSessionEnd(() => {
  sessionReason = null;
});

type Props = {
  /** The value as the server sent it (masked: `138****1234`, `***`). */
  value: string | null | undefined;
  /** The reveal permission of the entity (`customer:info:reveal`). */
  perm: string;
  /**
   * The row's owner and the permission with which an owner reveals her own rows without `perm`
   * (the reveal call's ownRows: `customer:info:info`); the server checks the same.
   */
  owner?: { id: number | null | undefined; perm: string };
  /** A phone, shown in clear as a `tel:` link the phone can call. */
  phone?: boolean;
  /** The field's name, for the dialog and the button's accessible name. */
  label: string;
  reveal: RevealTarget['reveal'];
};

/**
 * A masked value with a "show" button for those who may see it in clear (the reveal permission,
 * or the owner of the row): the first reveal of a session asks for a reason, later ones reuse it
 * (one tap); the clear value then stays in place until the screen reloads.
 */
export function MaskedValue({ value, perm, owner, phone = false, label, reveal }: Props) {
  const { t } = useTranslation();
  const holdsReveal = usePerm(perm);
  const holdsOwn = usePerm(owner?.perm ?? perm);
  const me = useSession((s) => s.userInfo?.id);
  const canReveal = holdsReveal || (owner !== undefined && holdsOwn && owner.id != null && owner.id === me);
  const [clear, setClear] = useState<string | null>(null);
  const [target, setTarget] = useState<RevealTarget | null>(null);
  const [busy, setBusy] = useState(false);
  if (value === null || value === undefined || value === '') return null;
  if (clear !== null) {
    if (!phone || clear === '') return <span className="customer-clear">{clear}</span>;
    return (
      <a className="customer-clear" href={`tel:${clear}`} data-testid="tel-link" onClick={(e) => e.stopPropagation()}>
        {clear}
      </a>
    );
  }
  const handleReveal = async () => {
    if (sessionReason === null) {
      setTarget({ label, reveal });
      return;
    }
    setBusy(true);
    try {
      setClear((await reveal(sessionReason)).value);
    } catch {
      // The request layer has shown the refusal; the value stays masked.
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="customer-masked">
      <span>{value}</span>
      {canReveal && (
        <Tooltip title={t('customer.reveal.show')}>
          <Button
            type="text"
            size="small"
            icon={<EyeOutlined />}
            loading={busy}
            aria-label={t('customer.reveal.showField', { field: label })}
            data-testid="reveal"
            onClick={(event) => {
              event.stopPropagation();
              void handleReveal();
            }}
          />
        </Tooltip>
      )}
      <RevealDialog
        target={target}
        onClose={() => setTarget(null)}
        onShown={(shown, reason) => {
          sessionReason = reason;
          setTarget(null);
          setClear(shown);
        }}
      />
    </span>
  );
}

import { EyeOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deferredDialog } from '../../../core/lazy';
import { usePerm } from '../../../core/permission';
import type { RevealTarget } from './reveal-dialog';
import '../customer.css';

const RevealDialog = deferredDialog(
  () => import('./reveal-dialog').then((m) => m.RevealDialog),
  (props) => props.target !== null,
);

type Props = {
  /** The value as the server sent it (masked: `138****1234`, `***`). */
  value: string | null | undefined;
  /** The reveal permission of the entity (`customer:info:reveal`). */
  perm: string;
  /** The field's name, for the dialog and the button's accessible name. */
  label: string;
  reveal: RevealTarget['reveal'];
};

/**
 * A masked value with a "show" button for those who may see it in clear: the button asks for a
 * reason, and the clear value then stays in place until the screen reloads.
 */
export function MaskedValue({ value, perm, label, reveal }: Props) {
  const { t } = useTranslation();
  const canReveal = usePerm(perm);
  const [clear, setClear] = useState<string | null>(null);
  const [target, setTarget] = useState<RevealTarget | null>(null);
  if (value === null || value === undefined || value === '') return null;
  if (clear !== null) return <span className="customer-clear">{clear}</span>;
  return (
    <span className="customer-masked">
      <span>{value}</span>
      {canReveal && (
        <Tooltip title={t('customer.reveal.show')}>
          <Button
            type="text"
            size="small"
            icon={<EyeOutlined />}
            aria-label={t('customer.reveal.showField', { field: label })}
            data-testid="reveal"
            onClick={(event) => {
              event.stopPropagation();
              setTarget({ label, reveal });
            }}
          />
        </Tooltip>
      )}
      <RevealDialog
        target={target}
        onClose={() => setTarget(null)}
        onShown={(shown) => {
          setTarget(null);
          setClear(shown);
        }}
      />
    </span>
  );
}

import { InputNumber } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The order number of a row, editable in place: click (or Enter) to edit, Enter or leaving the
 * field saves, Escape cancels.
 */
export function MenuOrderCell({
  value,
  editable,
  onSave,
}: {
  value: number;
  editable: boolean;
  onSave: (value: number) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<number | null>(value);
  const [saving, setSaving] = useState(false);
  // Enter and the blur that follows both commit: one save only.
  const busy = useRef(false);

  if (!editable) return <span>{value}</span>;

  const commit = async () => {
    if (busy.current) return;
    if (draft === null || draft === value) {
      setEditing(false);
      return;
    }
    busy.current = true;
    setSaving(true);
    try {
      await onSave(draft);
      setEditing(false);
    } catch {
      // The request layer shows why; keep the field open to correct it.
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  if (!editing) {
    return (
      <button
        type="button"
        className="menu-order"
        title={t('base.menu.orderEdit')}
        aria-label={`${t('base.menu.orderEdit')}: ${value}`}
        onClick={() => {
          setDraft(value);
          setEditing(true);
        }}
      >
        {value}
      </button>
    );
  }
  return (
    <InputNumber
      size="small"
      autoFocus
      precision={0}
      min={-2_147_483_648}
      max={2_147_483_647}
      value={draft}
      disabled={saving}
      style={{ width: 90 }}
      aria-label={t('base.menu.orderEdit')}
      onChange={(v) => setDraft(typeof v === 'number' ? v : null)}
      onPressEnter={() => void commit()}
      onBlur={() => void commit()}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          setEditing(false);
        }
      }}
    />
  );
}

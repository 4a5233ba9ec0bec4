import { InputNumber } from 'antd';
import { useRef, useState } from 'react';
import './order-cell.css';

type Props = {
  value: number;
  editable: boolean;
  /** Saves the new number; a rejection keeps the field open (the caller has said why). */
  onSave: (value: number) => Promise<unknown>;
  /** The tooltip of the number. */
  hint: string;
  /** The accessible names of the number (a button) and of the field while it is edited. */
  buttonLabel: string;
  inputLabel: string;
};

/**
 * A row's order number, editable in place in a tree table: click (or Enter) to edit, Enter or
 * leaving the field saves, Escape cancels.
 */
export function OrderCell({ value, editable, onSave, hint, buttonLabel, inputLabel }: Props) {
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
        className="order-cell"
        title={hint}
        aria-label={buttonLabel}
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
      aria-label={inputLabel}
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

import { Input, Select, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isFrameView } from '../../../core/views';
import { optionName, optionOf, viewOptions } from './menu-view-options';

/** The choice that shows the text box; no path can be it (no input takes U+0000). */
const CUSTOM = '\u0000custom';

type Props = {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
};

/**
 * The menu form's view: one of the app's screens by name, or a path of one's own (a screen of the
 * family's client, an http(s) address to open in a frame). A row whose path opens one of the app's
 * screens in another spelling (the app's own form, without `cool/`) shows that screen and keeps its
 * path until another is chosen.
 */
export function MenuViewSelect({ id, value, onChange }: Props) {
  const { t } = useTranslation();
  const options = useMemo(() => viewOptions(), []);
  const current = value ?? '';
  const chosen = optionOf(options, current);
  // The text box shows for a path no screen has, or once "Custom path" is chosen, and stays while the
  // user types (even a path of one of the screens) until the value changes from outside (the dialog
  // opened on another row).
  const typedByHand = (v: string | null | undefined) => !!v && !optionOf(options, v);
  const [custom, setCustom] = useState(() => typedByHand(value));
  const own = useRef<string | null | undefined>(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (value !== own.current) setCustom(typedByHand(value));
  }
  const emit = (next: string | null) => {
    own.current = next;
    onChange?.(next);
  };

  const handleSelect = (next: string | undefined) => {
    if (next === CUSTOM) {
      setCustom(true);
      return;
    }
    setCustom(false);
    if (next === undefined) emit(null);
    // The same screen as now: the row keeps its path as it is spelled.
    else if (next !== chosen?.value) emit(next);
  };

  const selectOptions = [
    ...options.map((o) => ({ value: o.value, label: optionName(o), path: o.value })),
    { value: CUSTOM, label: t('base.menu.view.custom'), path: '' },
  ];
  return (
    <div className="menu-view-select" data-testid="menu-view-select">
      <Select
        id={id}
        value={custom ? CUSTOM : chosen?.value}
        onChange={handleSelect}
        allowClear
        placeholder={t('base.menu.view.placeholder')}
        options={selectOptions}
        optionRender={(option) => (
          <div className="menu-view-option">
            <span>{option.data.label}</span>
            {option.data.path && (
              <Typography.Text type="secondary" className="menu-view-path">
                {option.data.path}
              </Typography.Text>
            )}
          </div>
        )}
        showSearch={{
          filterOption: (input, option) => {
            const needle = input.trim().toLowerCase();
            return `${option?.label ?? ''} ${option?.path ?? ''}`.toLowerCase().includes(needle);
          },
        }}
      />
      {custom && (
        <>
          <Input
            id={id ? `${id}_custom` : undefined}
            data-testid="menu-view-custom"
            aria-label={t('base.menu.view.customLabel')}
            value={current}
            onChange={(e) => emit(e.target.value)}
            placeholder="modules/<module>/views/<name>.vue"
            maxLength={255}
          />
          <Typography.Text type="secondary" className="menu-view-note" data-testid="menu-view-note">
            {customNote(current, t, optionOf(options, current))}
          </Typography.Text>
        </>
      )}
    </div>
  );
}

/** What a path typed by hand opens: a frame, one of the app's screens, or nothing here. */
function customNote(
  path: string,
  t: (key: string, values?: Record<string, string>) => string,
  opens: ReturnType<typeof optionOf>,
): string {
  if (path.trim() === '') return t('base.menu.view.customHint');
  if (isFrameView(path)) return t('base.menu.view.frame');
  if (opens) return t('base.menu.view.opens', { name: optionName(opens) });
  return t('base.menu.view.unknown');
}

import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storage } from '../storage';

/** A column as the settings see it: its key, whether the screen hides it at first, its title. */
type SettingsColumn = { key: string; hidden?: boolean };

/** What the user chose per column (shown or not), kept per screen; columns they never touched follow the screen. */
type Choices = Record<string, boolean>;

const storageKey = (screen: string) => `columns.${screen}`;

function hiddenOf(columns: readonly SettingsColumn[], choices: Choices): ReadonlySet<string> {
  return new Set(columns.filter((c) => !(choices[c.key] ?? !c.hidden)).map((c) => c.key));
}

/**
 * Which columns a CRUD screen shows: the screen's defaults (`hidden` columns wait in the settings),
 * then what the user chose, remembered in this browser for the screen (`screen`, e.g. `base/sys/user`).
 * A column the user never touched follows the screen's default, so a new column shows as the
 * screen decides.
 */
export function useColumnSettings(screen: string, columns: readonly SettingsColumn[]) {
  const [choices, setChoices] = useState<Choices>(() => storage.get<Choices>(storageKey(screen)) ?? {});
  const save = (next: Choices) => {
    setChoices(next);
    if (Object.keys(next).length === 0) storage.remove(storageKey(screen));
    else storage.set(storageKey(screen), next);
  };
  return {
    hiddenColumns: hiddenOf(columns, choices),
    toggleColumn: (key: string, shown: boolean) => save({ ...choices, [key]: shown }),
    /** Back to the screen's own choice of columns. */
    resetColumns: () => save({}),
  };
}

/** The widest a header's text is drawn at 14 px (a CJK character is about 14 px, others about 8). */
function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += /[\u2e80-\u9fff\uff00-\uffef]/.test(char) ? 14 : 8;
  return width;
}

/**
 * A column's width, made wide enough for its whole header (cell padding, and the order arrows when
 * it can be ordered): a header is never cut to "更…".
 */
export function fitHeader(width: number | undefined, title: ReactNode, sortable: boolean): number | undefined {
  if (typeof title !== 'string') return width;
  const needed = textWidth(title) + 32 + (sortable ? 24 : 0);
  return width === undefined ? needed : Math.max(width, needed);
}

type SettingsProps = {
  columns: ReadonlyArray<{ key: string; title: ReactNode }>;
  hidden: ReadonlySet<string>;
  onToggle: (key: string, shown: boolean) => void;
  onReset: () => void;
};

/** The gear beside the search: a checkbox per column, and back to the screen's columns. */
export function ColumnSettings({ columns, hidden, onToggle, onReset }: SettingsProps) {
  const { t } = useTranslation();
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('crud.columns')}
      content={
        <div className="crud-columns">
          {columns.map((c) => (
            <Checkbox key={c.key} checked={!hidden.has(c.key)} onChange={(e) => onToggle(c.key, e.target.checked)}>
              {c.title}
            </Checkbox>
          ))}
          <Button type="link" size="small" className="crud-columns-reset" onClick={onReset}>
            {t('crud.reset')}
          </Button>
        </div>
      }
    >
      <Button icon={<SettingOutlined />} aria-label={t('crud.columns')} data-testid="crud-column-settings" />
    </Popover>
  );
}

import { CloseCircleFilled, DownOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_ICONS, MenuIcon } from '../../../ui/icons';
import './menu.css';

const NAMES = Object.keys(MENU_ICONS);
const COLUMNS = 5;

type Props = {
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  'aria-invalid'?: boolean;
};

/**
 * Chooses one of the menu icons the app knows (MENU_ICONS), shown with their names. Keyboard:
 * Enter or Space opens it, arrows move, Enter picks, Escape closes.
 */
export function MenuIconPicker({ value, onChange, id, ...rest }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const gridId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const known = value ? value in MENU_ICONS : false;

  useEffect(() => {
    if (!open) return;
    // Focus the chosen icon (or the first) once the popover has rendered.
    const timer = setTimeout(() => {
      const buttons = grid.current?.querySelectorAll<HTMLButtonElement>('button[data-icon]');
      const index = Math.max(0, value ? NAMES.indexOf(value) : 0);
      buttons?.[index]?.focus();
    }, 30);
    return () => clearTimeout(timer);
  }, [open, value]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  const pick = (name: string | null) => {
    onChange?.(name);
    close();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(grid.current?.querySelectorAll<HTMLButtonElement>('button[data-icon]') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    // The grid has fewer columns on narrow screens: read how many it shows.
    const columns = grid.current
      ? getComputedStyle(grid.current).gridTemplateColumns.split(' ').length || COLUMNS
      : COLUMNS;
    const steps: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns };
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
      return;
    }
    let next: number | undefined;
    if (event.key in steps) next = index + (steps[event.key] ?? 0);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = buttons.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    buttons[Math.min(buttons.length - 1, Math.max(0, next))]?.focus();
  };

  const content = (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow-key navigation between the icon buttons inside.
    <div className="menu-icon-grid" id={gridId} ref={grid} onKeyDown={handleKeyDown}>
      {NAMES.map((name) => (
        <button
          key={name}
          type="button"
          data-icon={name}
          className={`menu-icon-option${name === value ? ' selected' : ''}`}
          aria-pressed={name === value}
          title={name}
          onClick={() => pick(name)}
        >
          <span className="menu-icon-glyph" aria-hidden>
            <MenuIcon name={name} />
          </span>
          <span className="menu-icon-name">{name.replace(/^icon-/, '')}</span>
        </button>
      ))}
    </div>
  );

  return (
    <div className="menu-icon-trigger">
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        placement="bottomLeft"
        title={t('base.menu.iconPick')}
        content={content}
        destroyOnHidden
      >
        <Button
          ref={trigger}
          id={id}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? gridId : undefined}
          aria-invalid={rest['aria-invalid']}
          className="menu-icon-button"
        >
          {value ? (
            <span className="menu-icon-value">
              <MenuIcon name={value} />
              <span>{value}</span>
              {!known && <span className="menu-muted">({t('base.menu.iconUnknown')})</span>}
            </span>
          ) : (
            <span className="menu-muted">{t('base.menu.iconPlaceholder')}</span>
          )}
          <DownOutlined className="menu-icon-caret" />
        </Button>
      </Popover>
      {value && (
        <Button
          type="text"
          size="small"
          icon={<CloseCircleFilled />}
          aria-label={t('base.menu.iconClear')}
          title={t('base.menu.iconClear')}
          onClick={() => onChange?.(null)}
        />
      )}
    </div>
  );
}

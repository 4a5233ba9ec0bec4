import { CheckOutlined } from '@ant-design/icons';
import { ColorPicker, Drawer, Form, Segmented, Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { THEME_PRESETS, TRANSITIONS, type Transition, useTheme } from '../core/theme';

/** Theme colour (eight presets or any colour), dark mode, menu groups and page transition, all persisted. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <Drawer title={t('theme.title')} open={open} onClose={onClose} size={320}>
      <Form layout="vertical">
        <Form.Item label={t('theme.color')}>
          <div className="preset-list">
            {THEME_PRESETS.map((preset) => (
              <Tooltip key={preset.name} title={t(`theme.presets.${preset.name}`)}>
                <button
                  type="button"
                  className="preset"
                  aria-label={t(`theme.presets.${preset.name}`)}
                  aria-pressed={theme.name === preset.name}
                  style={{ background: preset.color }}
                  onClick={() => theme.update({ name: preset.name, color: preset.color })}
                >
                  {theme.name === preset.name && <CheckOutlined />}
                </button>
              </Tooltip>
            ))}
            <Tooltip title={t('theme.custom')}>
              <ColorPicker
                value={theme.color}
                disabledAlpha
                onChangeComplete={(color) => theme.update({ name: 'custom', color: color.toHexString() })}
              />
            </Tooltip>
          </div>
        </Form.Item>
        <Form.Item label={t('theme.dark')}>
          <Segmented<'light' | 'dark' | 'system'>
            value={theme.darkChosen ? (theme.dark ? 'dark' : 'light') : 'system'}
            onChange={(mode) => (mode === 'system' ? theme.followSystem() : theme.update({ dark: mode === 'dark' }))}
            options={[
              { value: 'light', label: t('theme.modeLight') },
              { value: 'dark', label: t('theme.modeDark') },
              { value: 'system', label: t('theme.modeSystem') },
            ]}
            aria-label={t('theme.dark')}
          />
        </Form.Item>
        <Form.Item label={t('theme.group')}>
          <Switch
            checked={theme.isGroup}
            onChange={(isGroup) => theme.update({ isGroup })}
            aria-label={t('theme.group')}
          />
        </Form.Item>
        <Form.Item label={t('theme.transition')}>
          <Segmented<Transition>
            value={theme.transition}
            onChange={(transition) => theme.update({ transition })}
            options={TRANSITIONS.map((value) => ({ value, label: t(`theme.transitions.${value}`) }))}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

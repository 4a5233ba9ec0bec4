import type { UserStatus } from '@backroom/contract';
import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = { value?: UserStatus; onChange?: (value: UserStatus) => void; disabled?: boolean };

/** A 0/1 status as a switch, for forms (Form.Item passes value and onChange). */
export function StatusSwitch({ value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  return (
    <Switch
      checked={value === 1}
      disabled={disabled}
      checkedChildren={t('base.user.enabled')}
      unCheckedChildren={t('base.user.disabled')}
      onChange={(checked) => onChange?.(checked ? 1 : 0)}
    />
  );
}

import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = { value?: number; onChange?: (value: number) => void; id?: string };

/** status 0/1 in a form: whether the task starts once it is saved. */
export function RunningSwitch({ value, onChange, id }: Props) {
  const { t } = useTranslation();
  return (
    <Switch
      id={id}
      checked={value === 1}
      checkedChildren={t('task.status.1')}
      unCheckedChildren={t('task.status.0')}
      onChange={(checked) => onChange?.(checked ? 1 : 0)}
    />
  );
}

import { DatePicker } from 'antd';
import dayjs from 'dayjs';

/** How the entities carry a date and time (createTime, a task's startDate): `YYYY-MM-DD HH:mm:ss`. */
export const WALL_CLOCK = 'YYYY-MM-DD HH:mm:ss';

type Props = { value?: string | null; onChange?: (value: string | null) => void; id?: string };

/** A date and time picker whose value is the `YYYY-MM-DD HH:mm:ss` text itself, as forms send it. */
export function DateTimeInput({ value, onChange, id }: Props) {
  return (
    <DatePicker
      id={id}
      showTime
      format={WALL_CLOCK}
      style={{ width: '100%' }}
      value={value ? dayjs(value, WALL_CLOCK) : null}
      onChange={(date) => onChange?.(date ? date.format(WALL_CLOCK) : null)}
    />
  );
}

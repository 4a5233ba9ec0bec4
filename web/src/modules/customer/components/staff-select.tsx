import { Select, type SelectProps } from 'antd';
import type { StaffChoice } from '../hooks/use-org';

type Props = Omit<SelectProps, 'options' | 'showSearch' | 'optionRender'> & { staff: readonly StaffChoice[] };

/**
 * A staff picker (an owner, a hand-over's clerks): searched by name, nickname or staff number (the
 * login name), each option the whole name with the staff number after it, so two look-alike names
 * never read the same; the chosen one keeps its name as its title (a tooltip where it is cut).
 */
export function StaffSelect({ staff, ...props }: Props) {
  return (
    <Select
      showSearch={{ optionFilterProp: 'search' }}
      popupMatchSelectWidth={false}
      options={staff.map(({ value, label, title, username, search }) => ({ value, label, title, username, search }))}
      optionRender={(option) => (
        <span className="staff-option">
          <span>{option.label}</span>
          <span className="staff-option-number">{String(option.data.username ?? '')}</span>
        </span>
      )}
      {...props}
    />
  );
}

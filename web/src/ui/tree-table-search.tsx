import { NodeCollapseOutlined, NodeExpandOutlined } from '@ant-design/icons';
import { Button, Input, Space, Tooltip } from 'antd';

type Props = {
  /** The search box's placeholder, also its accessible name. */
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  width: number;
  allExpanded: boolean;
  /** Nothing to open or close (no row has children). */
  noBranches?: boolean;
  labels: { expand: string; collapse: string };
  /** Opens every row, or closes them all when all are open. */
  onToggleAll: () => void;
};

/** The right side of a tree table's toolbar: search as you type, and open or close every row. */
export function TreeTableSearch({
  placeholder,
  value,
  onChange,
  width,
  allExpanded,
  noBranches,
  labels,
  onToggleAll,
}: Props) {
  const label = allExpanded ? labels.collapse : labels.expand;
  return (
    <Space wrap className="crud-search">
      <Input.Search
        allowClear
        placeholder={placeholder}
        aria-label={placeholder}
        value={value}
        maxLength={100}
        onChange={(e) => onChange(e.target.value)}
        style={{ width }}
      />
      <Tooltip title={label}>
        <Button
          icon={allExpanded ? <NodeCollapseOutlined /> : <NodeExpandOutlined />}
          aria-label={label}
          disabled={noBranches}
          onClick={onToggleAll}
        />
      </Tooltip>
    </Space>
  );
}

import { NodeCollapseOutlined, NodeExpandOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';

/** A tree table's button that opens every row, or closes them all when all are open. */
export function ExpandAllButton({
  allExpanded,
  disabled,
  labels,
  onClick,
}: {
  allExpanded: boolean;
  disabled?: boolean;
  labels: { expand: string; collapse: string };
  onClick: () => void;
}) {
  const label = allExpanded ? labels.collapse : labels.expand;
  return (
    <Tooltip title={label}>
      <Button
        icon={allExpanded ? <NodeCollapseOutlined /> : <NodeExpandOutlined />}
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
      />
    </Tooltip>
  );
}

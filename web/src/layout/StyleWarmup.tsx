import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Drawer,
  Dropdown,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Popover,
  Radio,
  Segmented,
  Select,
  Skeleton,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
  Tooltip,
  Tree,
  TreeSelect,
  Typography,
} from 'antd';
import { memo, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

const ROWS = [{ key: 1, name: 'a' }];
const COLUMNS = [{ title: 'a', dataIndex: 'name', key: 'name', sorter: true }];

/**
 * The components the menu's screens and their dialogs are built of, rendered once, out of sight,
 * while the browser is idle after sign-in (layout/Shell.tsx). Their styles come from antd's
 * prebuilt sheet (zeroRuntime), but antd still writes each component's token variables into the
 * page, a small style sheet each and a restyle of the page, the first time one mounts; doing it
 * here takes that work off the click. It stays mounted (the shell says why), in an element that
 * is never put in the page: nothing here is shown, focusable or found by a query of the
 * document, while the styles it wrote stay in the page's head. Memoised: the shell's renders
 * (every route change) do not draw it again.
 */
export const StyleWarmup = memo(function StyleWarmup({ onDone }: { onDone(): void }) {
  useEffect(() => onDone(), [onDone]);
  const [host] = useState(() => document.createElement('div'));
  return createPortal(
    <div aria-hidden inert style={{ display: 'none' }}>
      <Table
        size="small"
        rowSelection={{ selectedRowKeys: [] }}
        columns={COLUMNS}
        dataSource={ROWS}
        pagination={{ total: 40, pageSize: 20, showSizeChanger: true, showQuickJumper: true }}
      />
      <Form layout="vertical">
        <Form.Item label="a" name="a" rules={[{ required: true }]} help="a" validateStatus="error">
          <Input allowClear />
        </Form.Item>
        <Input.Search />
        <Input.Password />
        <Input.TextArea />
        <InputNumber />
        <Select options={[{ value: 1, label: 'a' }]} />
        <TreeSelect treeData={[{ value: 1, title: 'a' }]} />
        <Switch />
        <Checkbox />
        <Radio.Group options={['a']} />
        <Segmented options={['a', 'b']} />
      </Form>
      <Space>
        <Button type="primary">a</Button>
        <Button type="link" danger>
          a
        </Button>
        <Tag color="green">a</Tag>
        <Badge status="success" text="a" />
        <Avatar>a</Avatar>
        <Tooltip title="a">
          <span>a</span>
        </Tooltip>
        <Popover content="a">
          <span>a</span>
        </Popover>
        <Popconfirm title="a">
          <span>a</span>
        </Popconfirm>
        <Dropdown menu={{ items: [{ key: 'a', label: 'a' }] }}>
          <span>a</span>
        </Dropdown>
      </Space>
      <Typography.Text ellipsis>a</Typography.Text>
      <Alert message="a" />
      <Card title="a">a</Card>
      <Descriptions items={[{ key: 'a', label: 'a', children: 'a' }]} />
      <Tree treeData={[{ key: 'a', title: 'a' }]} />
      <Empty />
      <Spin />
      <Skeleton />
      <Modal open={false} />
      <Drawer open={false} />
    </div>,
    host,
  );
});

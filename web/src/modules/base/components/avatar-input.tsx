import { PictureOutlined, UserOutlined } from '@ant-design/icons';
import { spaceInfo } from '@backroom/contract';
import { Avatar, Button, Input, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePerm } from '../../../core/permission';
import { FilePickerDialog } from '../../space';

type Props = {
  /** Set by Form.Item, so the label points at the address field. */
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
  size?: number;
};

/** An image address with its preview beside it, typed or chosen from the file space (an image of at most 100 KB). */
export function AvatarInput({ id, value, onChange, placeholder, maxLength, size = 40 }: Props) {
  const { t } = useTranslation();
  const canPick = usePerm(spaceInfo.perms.page);
  const [picking, setPicking] = useState(false);
  return (
    <div className="avatar-row">
      <Avatar size={size} src={value || undefined} icon={<UserOutlined />} data-testid="avatar-preview" />
      <Space.Compact style={{ flex: 1, minWidth: 0 }}>
        <Input
          id={id}
          value={value ?? ''}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder={placeholder}
          maxLength={maxLength}
          allowClear
        />
        {canPick && (
          <Tooltip title={t('space.input.chooseImage')}>
            <Button
              icon={<PictureOutlined />}
              aria-label={t('space.input.chooseImage')}
              data-testid="avatar-choose"
              onClick={() => setPicking(true)}
            />
          </Tooltip>
        )}
      </Space.Compact>
      <FilePickerDialog
        open={picking}
        purpose="avatar"
        onCancel={() => setPicking(false)}
        onPick={(files) => {
          setPicking(false);
          if (files[0]) onChange?.(files[0].url);
        }}
      />
    </div>
  );
}

import { CloudUploadOutlined, DeleteOutlined, DragOutlined } from '@ant-design/icons';
import { FILE_TYPE_GROUPS, type FileTypeGroup, type SpaceInfo } from '@backroom/contract';
import { Button, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshButton } from '../../../core/crud/parts';

type Props = {
  mode: 'manage' | 'pick';
  compact: boolean;
  /** The type groups the picker takes; all when absent. */
  accept?: readonly FileTypeGroup[];
  type: FileTypeGroup | undefined;
  onType: (type: FileTypeGroup | undefined) => void;
  onSearch: (keyWord: string) => void;
  /** Where the user may upload: opens the file chooser. */
  onUpload?: () => void;
  onRefresh: () => void;
  selection: readonly SpaceInfo[];
  /** What the user may do with the chosen files on the screen itself. */
  onMove?: () => void;
  onDelete?: () => void;
  onClearSelection: () => void;
};

/** Above the files: upload, refresh and what to do with the chosen files; the type filter and the search. */
export function SpaceToolbar(props: Props) {
  const { mode, compact, accept, selection } = props;
  const { t } = useTranslation();
  const [keyWord, setKeyWord] = useState('');
  const typeOptions = [
    { value: '', label: t('space.types.all') },
    ...FILE_TYPE_GROUPS.filter((g) => !accept || accept.includes(g)).map((g) => ({
      value: g,
      label: t(`space.types.${g}`),
    })),
  ];
  return (
    <div className="space-toolbar">
      <Space wrap>
        {props.onUpload && (
          <Button type="primary" icon={<CloudUploadOutlined />} onClick={props.onUpload} data-testid="space-upload">
            {t('space.upload')}
          </Button>
        )}
        {mode === 'manage' && <RefreshButton onRefresh={props.onRefresh} />}
        {mode === 'manage' && selection.length > 0 && (
          <>
            <span className="space-selected">{t('space.selected', { count: selection.length })}</span>
            {props.onMove && (
              <Button icon={<DragOutlined />} onClick={props.onMove}>
                {t('space.move')}
              </Button>
            )}
            {props.onDelete && (
              <Button danger icon={<DeleteOutlined />} onClick={props.onDelete}>
                {t('space.delete')}
              </Button>
            )}
            <Button type="link" onClick={props.onClearSelection}>
              {t('space.clearSelection')}
            </Button>
          </>
        )}
      </Space>
      <Space wrap className="space-search">
        <Select
          value={props.type ?? ''}
          options={typeOptions}
          aria-label={t('space.types.all')}
          style={{ minWidth: 130 }}
          onChange={(value) => props.onType(value === '' ? undefined : (value as FileTypeGroup))}
        />
        <Input.Search
          allowClear
          value={keyWord}
          maxLength={100}
          placeholder={t('space.search')}
          aria-label={t('space.search')}
          onChange={(e) => setKeyWord(e.target.value)}
          onSearch={(value) => props.onSearch(value.trim())}
          style={{ width: compact ? '100%' : 200 }}
        />
      </Space>
    </div>
  );
}

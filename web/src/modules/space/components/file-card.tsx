import {
  CopyOutlined,
  DeleteOutlined,
  DragOutlined,
  EditOutlined,
  EyeOutlined,
  HistoryOutlined,
  LinkOutlined,
  MoreOutlined,
} from '@ant-design/icons';
import { extensionOf, type FileTypeGroup, type SpaceInfo } from '@backroom/contract';
import { Button, Checkbox, Dropdown, type MenuProps, Tooltip } from 'antd';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../core/format-size';
import { FileIcon } from './file-icon';

export type FileAction = 'preview' | 'copy' | 'rename' | 'move' | 'delete' | 'history';

type Props = {
  file: SpaceInfo;
  selected: boolean;
  /** Why this file cannot be chosen here (wrong type, too large); chosen freely when absent. */
  unavailable?: string;
  /** pick: a click chooses; manage: a click previews and the box chooses. */
  mode: 'pick' | 'manage';
  actions: readonly FileAction[];
  onToggle: (file: SpaceInfo) => void;
  onAction: (action: FileAction, file: SpaceInfo) => void;
};

/** One file of the grid: a preview for images, the type's icon otherwise, its name, size and date. */
export function FileCard({ file, selected, unavailable, mode, actions, onToggle, onAction }: Props) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  const type = file.type as FileTypeGroup;
  const ext = extensionOf(file.name) || extensionOf(file.url);
  const showImage = type === 'image' && !broken;

  const handleMain = () => {
    if (mode === 'pick') {
      if (!unavailable) onToggle(file);
    } else onAction('preview', file);
  };
  const handleKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      handleMain();
    }
  };

  const labels: Record<FileAction, { icon: ReactNode; label: string; danger?: boolean }> = {
    preview: {
      icon: type === 'image' ? <EyeOutlined /> : <LinkOutlined />,
      label: type === 'image' ? t('space.preview') : t('space.open'),
    },
    copy: { icon: <CopyOutlined />, label: t('space.copyLink') },
    rename: { icon: <EditOutlined />, label: t('space.rename') },
    move: { icon: <DragOutlined />, label: t('space.move') },
    delete: { icon: <DeleteOutlined />, label: t('space.delete'), danger: true },
    history: { icon: <HistoryOutlined />, label: t('crud.history.action') },
  };
  const menu: MenuProps = {
    items: actions.map((a) => ({ key: a, ...labels[a] })),
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      onAction(key as FileAction, file);
    },
  };

  const card = (
    <div
      className={`space-card${selected ? ' selected' : ''}${unavailable ? ' unavailable' : ''}`}
      data-testid="space-file"
      data-name={file.name}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: a card with a picture and a menu inside cannot be a <button>. */}
      <div
        className={`space-card-thumb${showImage ? ' is-image' : ''}`}
        role="button"
        tabIndex={0}
        aria-pressed={mode === 'pick' ? selected : undefined}
        aria-disabled={unavailable ? true : undefined}
        aria-label={mode === 'pick' ? t('space.select', { name: file.name }) : labels.preview.label}
        onClick={handleMain}
        onKeyDown={handleKey}
      >
        {showImage ? (
          <img src={file.url} alt={file.name} loading="lazy" draggable={false} onError={() => setBroken(true)} />
        ) : (
          <span className="space-card-icon">
            <FileIcon type={type} />
            {ext && <span className="space-card-ext">{ext.toUpperCase()}</span>}
          </span>
        )}
      </div>
      <Checkbox
        className="space-card-check"
        checked={selected}
        disabled={!!unavailable}
        aria-label={t('space.select', { name: file.name })}
        onChange={() => onToggle(file)}
      />
      {actions.length > 0 && (
        <Dropdown menu={menu} trigger={['click']} placement="bottomRight">
          <Button
            className="space-card-more"
            size="small"
            icon={<MoreOutlined />}
            aria-label={t('space.more', { name: file.name })}
          />
        </Dropdown>
      )}
      {/* In the picker the whole card chooses (it highlights as one): its name too, by mouse; the
          keyboard chooses with the picture's button. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a mouse shortcut to the picture's button beside it. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the picture's button takes Enter and Space for the same choice. */}
      <div className="space-card-body" onClick={mode === 'pick' ? handleMain : undefined}>
        <div className="space-card-name" title={file.name}>
          {file.name}
        </div>
        <div className="space-card-meta">
          <span>{formatSize(file.size)}</span>
          {file.createTime && <span>{file.createTime.slice(0, 10)}</span>}
        </div>
      </div>
    </div>
  );
  return unavailable ? <Tooltip title={unavailable}>{card}</Tooltip> : card;
}

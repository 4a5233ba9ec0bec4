import {
  CustomerServiceOutlined,
  FileExcelOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileWordOutlined,
  FileZipOutlined,
  PictureOutlined,
  PlaySquareOutlined,
} from '@ant-design/icons';
import type { FileTypeGroup } from '@backroom/contract';
import type { ComponentType } from 'react';

const ICONS: Record<FileTypeGroup, ComponentType<{ className?: string }>> = {
  image: PictureOutlined,
  video: PlaySquareOutlined,
  audio: CustomerServiceOutlined,
  word: FileWordOutlined,
  excel: FileExcelOutlined,
  ppt: FilePptOutlined,
  pdf: FilePdfOutlined,
  archive: FileZipOutlined,
  other: FileOutlined,
};

/** A file type's icon, coloured by the `space-type-<group>` class (space.css). */
export function FileIcon({ type, className }: { type: FileTypeGroup; className?: string }) {
  const Icon = ICONS[type] ?? FileOutlined;
  return <Icon className={`space-type-${type}${className ? ` ${className}` : ''}`} />;
}

import type { FileTypeGroup, SpaceInfo } from '@backroom/contract';
import { deferredDialog } from '../../../core/lazy';

export type FilePickerProps = {
  open: boolean;
  onCancel: () => void;
  /** The chosen files, in the order they were chosen. */
  onPick: (files: SpaceInfo[]) => void;
  /** How many files may be chosen (1 by default). */
  limit?: number;
  /** Type groups that may be chosen (and uploaded) here; every group when absent. */
  accept?: readonly FileTypeGroup[];
  /** Largest file, in bytes, that may be chosen or uploaded here. */
  maxSize?: number;
  /** `avatar`: one image of at most 100 KB, with the avatar size message (docs/spec.md §5). */
  purpose?: 'avatar';
};

/**
 * The reusable file picker: browse the file space, upload into it, choose files. The dialog's code
 * loads the first time it opens, so the screens that offer it stay light.
 */
export const FilePickerDialog = deferredDialog<FilePickerProps>(
  () => import('./file-picker').then((m) => m.default),
  (props) => props.open,
);

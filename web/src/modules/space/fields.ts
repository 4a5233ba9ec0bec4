import type { ColumnInput } from '@backroom/contract';
import { createElement } from 'react';
import type { FieldKind } from '../../core/crud/field-kinds';
import { FileInput } from './components/file-input';
import { ImagesInput, ImageThumbs } from './components/images-input';

/** The CRUD kit's picture fields: one picture, or a list, chosen (and uploaded) in the file space. */
export const spaceFieldKinds: Partial<Record<ColumnInput, FieldKind>> = {
  image: {
    input: () => createElement(FileInput, { accept: ['image'], maxLength: 500 }),
    cell: (value) => createElement(ImageThumbs, { urls: typeof value === 'string' && value !== '' ? [value] : [] }),
    width: 100,
  },
  images: {
    input: () => createElement(ImagesInput, {}),
    cell: (value) => createElement(ImageThumbs, { urls: Array.isArray(value) ? (value as string[]) : [] }),
    width: 180,
    wide: true,
  },
};

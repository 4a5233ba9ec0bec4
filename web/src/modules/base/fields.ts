import type { ColumnInput } from '@backroom/contract';
import { createElement } from 'react';
import type { FieldKind } from '../../core/crud/field-kinds';
import { RichTextCell } from './components/rich-text-cell';
import { RichTextInput } from './components/rich-text-input';

/** The CRUD kit's rich-text field: the parameters' editor and allow-list, an excerpt in the table. */
export const baseFieldKinds: Partial<Record<ColumnInput, FieldKind>> = {
  richText: {
    input: () => createElement(RichTextInput, {}),
    cell: (value) => createElement(RichTextCell, { html: typeof value === 'string' ? value : null }),
    width: 240,
    wide: true,
  },
};

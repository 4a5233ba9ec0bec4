import { createElement } from 'react';
import { registerFieldKind } from '../../core/crud/field-kinds';
import { addMessages } from '../../core/i18n';
import { registerFixedRoute } from '../../core/routes';
import { registerView } from '../../core/views';

import { FileInput } from './components/file-input';
import { ImagesInput, ImageThumbs } from './components/images-input';

export { FilePickerDialog, type FilePickerProps } from './components/file-picker-dialog';
export type { ImageWords } from './components/images-input';
export { FileInput, ImagesInput, ImageThumbs };

export function installSpace() {
  // The texts of the language in use load when the signed-in shell starts (prepareShell).
  addMessages('space', (locale) => import(`./locales/${locale}.json`));
  // The seeded menu names, translated where the menu shows them.
  addMessages('menus', {
    'zh-cn': {},
    'zh-tw': {
      数据管理: '資料管理',
      文件管理: '檔案管理',
      上传: '上傳',
      分类管理: '分類管理',
      通用: '通用',
      图片上传: '圖片上傳',
    },
    en: {
      数据管理: 'Data',
      文件管理: 'Files',
      上传: 'Upload',
      分类管理: 'Categories',
      通用: 'Common',
      图片上传: 'Image upload',
    },
  });
  // A fixed route of docs/spec.md §2, and the view the family's menus name.
  registerFixedRoute('/space/list', 'space.title', () => import('./views/list'));
  registerView('modules/space/views/list.vue', () => import('./views/list'));
  // The CRUD kit's picture fields: one picture, or a list, chosen (and uploaded) in the file space.
  registerFieldKind('image', {
    input: () => createElement(FileInput, { accept: ['image'], maxLength: 500 }),
    cell: (value) => createElement(ImageThumbs, { urls: typeof value === 'string' && value !== '' ? [value] : [] }),
    width: 100,
  });
  registerFieldKind('images', {
    input: () => createElement(ImagesInput, {}),
    cell: (value) => createElement(ImageThumbs, { urls: Array.isArray(value) ? (value as string[]) : [] }),
    width: 180,
    wide: true,
  });
}

import { registerFieldKinds } from '../../core/crud/field-kinds';
import { addMessages } from '../../core/i18n';
import { registerFixedRoute } from '../../core/routes';
import { registerView } from '../../core/views';

export { FileInput } from './components/file-input';
export { FilePickerDialog, type FilePickerProps } from './components/file-picker-dialog';
export { ImagesInput, ImageThumbs, type ImageWords } from './components/images-input';

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
  // The CRUD kit's picture fields, with the first derived screen (not in the sign-in page's download).
  registerFieldKinds(() => import('./fields').then((m) => m.spaceFieldKinds));
}

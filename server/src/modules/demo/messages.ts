import { m, type Texts } from '../../core/i18n-text.js';

/** The demo module's server messages, in the three languages (joined in server/src/messages.ts). */
export const DEMO_MESSAGES = {
  'demo.pictureOutside': m(
    '{field}只能使用本站存储的图片：{value}',
    '{field}只能使用本站儲存的圖片：{value}',
    '{field} must be a picture from our own storage: {value}',
  ),
} as const satisfies Record<string, Texts>;

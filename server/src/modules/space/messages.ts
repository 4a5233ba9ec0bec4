import { m, type Texts } from '../../core/i18n-text.js';

/** The space module's server messages, in the three languages (joined in server/src/messages.ts). */
export const SPACE_MESSAGES = {
  'space.tooManyFiles': m(
    '最多只能选择 {limit} 个文件',
    '最多只能選擇 {limit} 個檔案',
    'You can select up to {limit} files',
  ),
  'space.tooLarge': m(
    '上传文件大小不能超过 {n}MB',
    '上傳檔案大小不能超過 {n}MB',
    'Uploaded file size cannot exceed {n}MB',
  ),
  'space.extension': m(
    '不支持上传 .{ext} 文件，允许的类型：{allowed}',
    '不支援上傳 .{ext} 檔案，允許的類型：{allowed}',
    'Files of type .{ext} cannot be uploaded; allowed: {allowed}',
  ),
  'space.noExtension': m(
    '文件名需要扩展名（例如 .png）',
    '檔案名稱需要副檔名（例如 .png）',
    'The file name needs an extension (such as .png)',
  ),
  'space.contentMismatch': m(
    '文件“{name}”的内容不是 .{ext} 格式',
    '檔案「{name}」的內容不是 .{ext} 格式',
    'The content of "{name}" is not a .{ext} file',
  ),
  'space.declaredType': m(
    '文件“{name}”声明的类型 {type} 与扩展名 .{ext} 不符',
    '檔案「{name}」宣告的類型 {type} 與副檔名 .{ext} 不符',
    'The declared type {type} of "{name}" does not match its extension .{ext}',
  ),
  'space.emptyFile': m('文件“{name}”是空的', '檔案「{name}」是空的', 'The file "{name}" is empty'),
  'space.noFile': m('请选择要上传的文件', '請選擇要上傳的檔案', 'Choose a file to upload'),
  'space.notMultipart': m(
    '上传需要使用 multipart/form-data 格式',
    '上傳需要使用 multipart/form-data 格式',
    'An upload must be sent as multipart/form-data',
  ),
  'space.badField': m(
    '不支持的表单字段“{field}”：文件请放在 file 字段中',
    '不支援的表單欄位「{field}」：檔案請放在 file 欄位中',
    'Unexpected form field "{field}": send the file as "file"',
  ),
  'space.storageFailed': m(
    '文件保存失败，请稍后再试',
    '檔案儲存失敗，請稍後再試',
    'The file could not be stored; please try again later',
  ),
  'space.typeMissing': m('文件分类不存在', '檔案分類不存在', 'The file category does not exist'),
  'space.typeCycle': m(
    '不能把分类移到它自己或它的下级之下',
    '不能把分類移到它自己或它的下級之下',
    'A category cannot move under itself or its sub-categories',
  ),
  'space.quotaFiles': m(
    '今天上传的文件已达{max}个，请明天再试',
    '今天上傳的檔案已達{max}個，請明天再試',
    'You have uploaded {max} files today, the most a day allows: try again tomorrow',
  ),
  'space.quotaBytes': m(
    '今天上传的文件总大小已达{mb}MB，请明天再试',
    '今天上傳的檔案總大小已達{mb}MB，請明天再試',
    'Your uploads today have reached {mb} MB, the most a day allows: try again tomorrow',
  ),
  'space.requestTooLarge': m(
    '一次上传的文件总大小不能超过{mb}MB',
    '一次上傳的檔案總大小不能超過{mb}MB',
    'The files of one upload cannot exceed {mb} MB together',
  ),
} as const satisfies Record<string, Texts>;

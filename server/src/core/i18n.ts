import { type Locale, ownValue, phoneFormatMessages } from '@backroom/contract';
import { MODULE_MESSAGES } from '../messages.js';
import { m, type Texts } from './i18n-text.js';

/**
 * The messages core sends and those more than one module shares, in the three languages; `{name}`
 * is filled from the error's params. A module's own messages live beside it (modules/<m>/messages.ts),
 * joined in server/src/messages.ts.
 */
export const SHARED_MESSAGES = {
  success: m('success', 'success', 'success'),
  'common.notFound': m('数据不存在', '資料不存在', 'The record does not exist'),
  'common.routeNotFound': m('接口不存在', '介面不存在', 'No such endpoint'),
  'common.internal': m('服务器内部错误', '伺服器內部錯誤', 'Internal server error'),
  'common.redisUnavailable': m(
    '服务暂时不可用（共享缓存无法连接），请稍后再试',
    '服務暫時無法使用（共用快取無法連線），請稍後再試',
    'The service is briefly unavailable (the shared cache cannot be reached), please try again shortly',
  ),
  'common.tooLarge': m('请求内容过大', '請求內容過大', 'The request body is too large'),
  'common.rangeInvalid': m(
    '日期范围无效：请给出开始和结束日期（YYYY-MM-DD），开始不晚于结束',
    '日期範圍無效：請給出開始和結束日期（YYYY-MM-DD），開始不晚於結束',
    'Invalid date range: give a start and an end day (YYYY-MM-DD), the start not after the end',
  ),
  'common.rangeTooLong': m(
    '日期范围最多 {days} 天',
    '日期範圍最多 {days} 天',
    'A date range covers at most {days} days',
  ),
  'common.badJson': m('请求内容不是有效的 JSON', '請求內容不是有效的 JSON', 'The request body is not valid JSON'),
  'common.badText': m(
    '请求内容包含无法保存的字符',
    '請求內容包含無法儲存的字元',
    'The request holds characters that cannot be stored',
  ),
  'common.headersTooLarge': m('请求头或网址过长', '請求標頭或網址過長', 'The request headers or URL are too long'),
  'common.badRequest': m('请求格式不正确', '請求格式不正確', 'The request is not valid HTTP'),
  'common.requestTimeout': m('请求超时', '請求逾時', 'The request took too long to arrive'),
  'common.badContentType': m('不支持的请求内容类型', '不支援的請求內容類型', 'Unsupported content type'),
  'common.throttled': m(
    '请求过于频繁，请稍后再试',
    '請求過於頻繁，請稍後再試',
    'Too many requests, please try again later',
  ),
  'common.conflict': m('数据已存在', '資料已存在', 'The record already exists'),
  // A statement failed because the database connection broke (a restart, a failover, a killed session).
  'common.dbUnavailable': m(
    '数据库暂时无法访问，请重试',
    '資料庫暫時無法存取，請重試',
    'The database is not reachable, try again',
  ),
  'common.badDictValue': m(
    '{field}“{value}”不是字典中的值',
    '{field}「{value}」不是字典中的值',
    '{field} "{value}" is not a value of its dictionary',
  ),
  'common.duplicateValue': m('{field}“{value}”已存在', '{field}「{value}」已存在', '{field} "{value}" already exists'),
  'validation.required': m('{field}不能为空', '{field}不能為空', '{field} is required'),
  'validation.type': m('{field}的类型应为{type}', '{field}的類型應為{type}', '{field} must be a {type}'),
  'validation.tooLong': m(
    '{field}最多{max}个字符',
    '{field}最多{max}個字元',
    '{field} must be at most {max} characters',
  ),
  'validation.tooShort': m(
    '{field}至少{min}个字符',
    '{field}至少{min}個字元',
    '{field} must be at least {min} characters',
  ),
  'validation.tooBig': m('{field}不能大于{max}', '{field}不能大於{max}', '{field} must be at most {max}'),
  'validation.tooSmall': m('{field}不能小于{min}', '{field}不能小於{min}', '{field} must be at least {min}'),
  'validation.tooMany': m('{field}最多{max}项', '{field}最多{max}項', '{field} may hold at most {max} items'),
  'validation.tooFew': m('{field}至少{min}项', '{field}至少{min}項', '{field} needs at least {min} items'),
  'validation.enum': m('{field}只能是{values}', '{field}只能是{values}', '{field} must be one of {values}'),
  'validation.scale': m(
    '{field}最多{scale}位小数',
    '{field}最多{scale}位小數',
    '{field} may have at most {scale} decimals',
  ),
  'validation.invalid': m('{field}格式不正确', '{field}格式不正確', '{field} is not valid'),
  'validation.nul': m(
    '{field}不能包含空字符（NUL）',
    '{field}不能包含空字元（NUL）',
    '{field} must not contain a NUL character',
  ),
  'validation.order': m(
    '排序字段{field}不存在',
    '排序欄位{field}不存在',
    'Cannot order by "{field}": it is not a column of this list',
  ),
  'validation.router': m('路由地址必须以 / 开头', '路由地址必須以 / 開頭', 'The router must start with /'),
  'validation.password': m('密码长度为6-16位', '密碼長度為6-16位', 'The password must be 6 to 16 characters'),
  'tenant.superOnly': m(
    '只有超级管理员可以查看全部租户的数据',
    '只有超級管理員可以查看全部租戶的資料',
    "Only a superuser may read every tenant's rows",
  ),
  'auth.required': m('请先登录', '請先登入', 'Please log in first'),
  'auth.invalid': m(
    '登录状态已失效，请重新登录',
    '登入狀態已失效，請重新登入',
    'Your session is invalid, please log in again',
  ),
  'auth.forbidden': m('没有权限执行此操作', '沒有權限執行此操作', 'You do not have permission to do this'),
  'auth.captcha': m('验证码不正确或已过期', '驗證碼不正確或已過期', 'The verification code is wrong or has expired'),
  'auth.captchaLimit': m(
    '获取验证码过于频繁，请一分钟后再试',
    '取得驗證碼過於頻繁，請一分鐘後再試',
    'Too many verification codes requested, please try again in a minute',
  ),
  'auth.captchaRequired': m('请输入验证码', '請輸入驗證碼', 'Please enter the verification code'),
  'auth.locked': m(
    '登录失败次数过多，请{minutes}分钟后再试',
    '登入失敗次數過多，請{minutes}分鐘後再試',
    'Too many failed attempts, please try again in {minutes} minutes',
  ),
  'auth.escalated': m(
    '该账户登录失败次数过多，请输入新的验证码后再试',
    '該帳戶登入失敗次數過多，請輸入新的驗證碼後再試',
    'Too many failed sign-ins on this account: enter the new verification code to try again',
  ),
  'auth.refreshInvalid': m(
    '刷新令牌无效或已过期',
    '刷新權杖無效或已過期',
    'The refresh token is invalid or has expired',
  ),
  'auth.idle': m(
    '长时间未操作，已自动退出，请重新登录',
    '長時間未操作，已自動登出，請重新登入',
    'Signed out after a while without use: please sign in again',
  ),
  // Account security (docs/architecture.md, "Account security"): the password policy and the sign-in steps.
  'auth.passwordChangeRequired': m(
    '请先修改密码：当前密码由管理员设置，修改后才能继续使用',
    '請先修改密碼：目前密碼由管理員設定，修改後才能繼續使用',
    'Please change your password first: it was set by an administrator, and nothing else works until you choose your own',
  ),
  'auth.twoFactorEnrolRequired': m(
    '您的角色要求两步验证：请先在本页完成绑定，之后才能继续使用',
    '您的角色要求兩步驟驗證：請先在本頁完成綁定，之後才能繼續使用',
    'Your role requires two-factor sign-in: set it up on this page first, nothing else works until then',
  ),
  'scope.writeOutside': m(
    '负责员工或门店超出你的数据范围，不能保存',
    '負責員工或門市超出你的資料範圍，不能儲存',
    'The owner or store is outside your data scope, so this cannot be saved',
  ),
  'excel.notXlsx': m(
    '文件不是有效的 Excel（.xlsx）文件',
    '檔案不是有效的 Excel（.xlsx）檔案',
    'The file is not a valid Excel (.xlsx) workbook',
  ),
  'excel.noFile': m('请选择要导入的文件', '請選擇要匯入的檔案', 'Choose a file to import'),
  'excel.tooLarge': m('导入文件不能超过{mb}MB', '匯入檔案不能超過{mb}MB', 'The import file cannot exceed {mb} MB'),
  'excel.tooManyRows': m(
    '导入文件最多{max}行数据，请分批导入；未写入任何数据',
    '匯入檔案最多{max}列資料，請分批匯入；未寫入任何資料',
    'An import file may hold at most {max} data rows; split it into several files. Nothing was written',
  ),
  'excel.emptyFile': m('导入文件没有数据行', '匯入檔案沒有資料列', 'The import file has no data rows'),
  'excel.unknownColumns': m(
    '表头中有无法识别的列：{columns}；请使用导入模板',
    '表頭中有無法識別的欄：{columns}；請使用匯入範本',
    'The header has columns this import does not know: {columns}; use the import template',
  ),
  'excel.missingColumns': m(
    '缺少必需的列：{columns}；请使用导入模板',
    '缺少必需的欄：{columns}；請使用匯入範本',
    'Required columns are missing: {columns}; use the import template',
  ),
  'excel.duplicateColumns': m(
    '列“{column}”出现了多次',
    '欄「{column}」出現了多次',
    'The column "{column}" appears more than once',
  ),
  'excel.tokenExpired': m(
    '导入检查已过期或已提交，请重新上传文件',
    '匯入檢查已過期或已提交，請重新上傳檔案',
    'This import check has expired or was already committed; upload the file again',
  ),
  'excel.changed': m(
    '数据在检查后发生了变化（第{row}行：{message}），请重新检查；未写入任何数据',
    '資料在檢查後發生了變化（第{row}列：{message}），請重新檢查；未寫入任何資料',
    'The data changed since the check (row {row}: {message}); check the file again. Nothing was written',
  ),
  'excel.nothingToCommit': m('没有可导入的行', '沒有可匯入的列', 'No row can be imported'),
  'excel.rowCap': m(
    '导出最多{cap}行，当前条件下有{count}行，请缩小筛选范围',
    '匯出最多{cap}列，目前條件下有{count}列，請縮小篩選範圍',
    'An export may hold at most {cap} rows and these filters select {count}; narrow the filters',
  ),
  'excel.notInDict': m(
    '{field}“{value}”不在可选值中',
    '{field}「{value}」不在可選值中',
    '{field} "{value}" is not one of the allowed values',
  ),
  'excel.keyNotFound': m('{field}“{value}”不存在', '{field}「{value}」不存在', 'No row has {field} "{value}"'),
  'excel.keyTwice': m(
    '{field}“{value}”在文件中出现了多次（第{row}行）',
    '{field}「{value}」在檔案中出現了多次（第{row}列）',
    '{field} "{value}" appears more than once in the file (row {row})',
  ),
  'excel.valueTwice': m(
    '{field}“{value}”在文件中出现了多次（第{row}行）',
    '{field}「{value}」在檔案中出現了多次（第{row}列）',
    '{field} "{value}" appears more than once in the file (row {row})',
  ),
  'excel.outOfScope': m(
    '该行不在您的数据权限范围内',
    '該列不在您的資料權限範圍內',
    'This row would fall outside your data scope',
  ),
  // --- datarules (issue 24 §2, issue 23 §5): field formats, the import's owner, bounded imports and uploads ---
  // The phone formats' words live in the contract: the web's forms say the same (formats.ts).
  'validation.format.mobile': phoneFormatMessages.mobile,
  'validation.format.phone': phoneFormatMessages.phone,
  'validation.format.email': m(
    '{field}不是有效的邮箱地址',
    '{field}不是有效的郵箱地址',
    '{field} is not a valid email address',
  ),
  'validation.format.age': m(
    '{field}应为0到130之间的整数',
    '{field}應為0到130之間的整數',
    '{field} must be a whole number from 0 to 130',
  ),
  'validation.format.idNumber': m(
    '{field}不是有效的证件号码',
    '{field}不是有效的證件號碼',
    '{field} is not a valid ID number',
  ),
  'excel.ownerNotFound': m(
    '{field}“{value}”不是任何员工的用户名或工号',
    '{field}「{value}」不是任何員工的使用者名稱或工號',
    '{field} "{value}" is neither the username nor the staff number of any staff member',
  ),
  'excel.ownerAmbiguous': m(
    '{field}“{value}”对应多名员工，请填写用户名',
    '{field}「{value}」對應多名員工，請填寫使用者名稱',
    '{field} "{value}" names more than one staff member: use the username',
  ),
  'excel.inflatedTooLarge': m(
    '导入文件解压后超过{mb}MB，请只保留一个工作表的数据',
    '匯入檔案解壓後超過{mb}MB，請只保留一個工作表的資料',
    'The import file inflates to more than {mb} MB: keep only one sheet of data',
  ),
  'excel.sharedStringsTooLarge': m(
    '导入文件的文本内容超过{mb}MB',
    '匯入檔案的文字內容超過{mb}MB',
    'The text of the import file exceeds {mb} MB',
  ),
  // --- end datarules ---
  // masking (issue 23 §3, §4): masked columns under search, filters and sort; the duplicate check's answer
  'masking.noSort': m(
    '{field}已脱敏，不能按它排序',
    '{field}已遮罩，不能依它排序',
    '{field} is masked: a list cannot be sorted by it',
  ),
  'masking.tooManyValues': m(
    '{field}已脱敏：一次最多按 {max} 个完整值筛选',
    '{field}已遮罩：一次最多依 {max} 個完整值篩選',
    '{field} is masked: filter by at most {max} whole values at a time',
  ),
  // end masking
} as const satisfies Record<string, Texts>;

/** Every message the server sends: the shared ones and each module's. */
const MESSAGES = { ...SHARED_MESSAGES, ...MODULE_MESSAGES };

export type MessageKey = keyof typeof MESSAGES;

/** A message parameter: plain, or a label that is itself translated (a field's name). */
export type MessageParam = string | number | Readonly<Record<Locale, string>>;

export function translate(locale: Locale, key: MessageKey, params: Record<string, MessageParam> = {}): string {
  const text = MESSAGES[key][locale];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? value[locale] : String(value);
  });
}

export function hasMessage(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES, key);
}

/** Names of JSON types in each language, for the "must be a {type}" message. */
const TYPE_NAMES: Record<string, Texts> = {
  number: m('数字', '數字', 'number'),
  string: m('文本', '文字', 'text'),
  boolean: m('布尔值', '布林值', 'true/false value'),
  array: m('数组', '陣列', 'list'),
  object: m('对象', '物件', 'object'),
};

export function typeName(locale: Locale, type: string): string {
  return ownValue(TYPE_NAMES, type)?.[locale] ?? type;
}

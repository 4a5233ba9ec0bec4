import { m, type Texts } from '../../core/i18n-text.js';

/** The customer module's server messages, in the three languages (joined in server/src/messages.ts). */
export const CUSTOMER_MESSAGES = {
  'customer.ownerMissing': m(
    '员工 {id} 不存在或已停用',
    '員工 {id} 不存在或已停用',
    'Staff member {id} does not exist or is disabled',
  ),
  'customer.ownerRequired': m('请选择所属员工', '請選擇所屬員工', 'Choose the staff member who owns it'),
  'customer.assignClerk': m(
    '店员只能为自己登记，不能指定给其他员工',
    '店員只能為自己登記，不能指定給其他員工',
    'A clerk records for themselves only and cannot give records to other staff',
  ),
  'customer.ownerNotInScope': m(
    '您不是“{name}”所在门店的店长，也没有该门店的数据权限',
    '您不是「{name}」所在門市的店長，也沒有該門市的資料權限',
    'You do not manage the store of "{name}" and your data scope does not cover it',
  ),
  'customer.findAllCap': m(
    '符合条件的客户有 {total} 个，超过一次最多 {cap} 个，请缩小筛选条件或使用分页',
    '符合條件的客戶有 {total} 個，超過一次最多 {cap} 個，請縮小篩選條件或使用分頁',
    '{total} customers match, more than the {cap} one call returns: narrow the filters or page through them',
  ),
  'customer.batchNothing': m(
    '请至少选择一个要修改的字段',
    '請至少選擇一個要修改的欄位',
    'Choose at least one field to change',
  ),
  'customer.duplicatePhone': m(
    '该手机号已有 {count} 个客户登记，确认后仍可创建',
    '該手機號已有 {count} 個客戶登記，確認後仍可建立',
    '{count} customer(s) already have this phone number; confirm to create anyway',
  ),
  'customer.importPhoneTaken': m(
    '该手机号已有客户登记：{who}，确认后仍可导入',
    '該手機號已有客戶登記：{who}，確認後仍可匯入',
    'Already registered with this phone number: {who}; the import adds this row all the same',
  ),
  'customer.importPhoneNamed': m('{name}（{code}）', '{name}（{code}）', '{name} ({code})'),
  'customer.importPhoneStore': m('{store}的一位客户', '{store}的一位客戶', 'a customer of {store}'),
  'customer.importPhoneNoStore': m('未分配门店', '未分配門市', 'no store'),
  'customer.importPhoneTwice': m(
    '与本文件第 {row} 行的手机号相同',
    '與本檔案第 {row} 列的手機號相同',
    'The same phone number as row {row} of this file',
  ),
  'customer.handOverSame': m(
    '交出和接收客户的不能是同一名员工',
    '交出和接收客戶的不能是同一名員工',
    'The staff member handing over and the one taking over must differ',
  ),
  'customer.handOverStores': m(
    '只能在同一门店的员工之间交接客户',
    '只能在同一門市的員工之間交接客戶',
    'Customers can only be handed over between staff of the same store',
  ),
  'customer.customerMissing': m('客户 {id} 不存在', '客戶 {id} 不存在', 'Customer {id} does not exist'),
  'customer.invitationStatus': m(
    '邀约状态“{value}”无效，可选值：{values}',
    '邀約狀態「{value}」無效，可選值：{values}',
    'Invitation status "{value}" is not valid; use one of {values}',
  ),
  'customer.prizePhotoUnknown': m(
    '奖品照片必须是文件空间中的文件：{url}',
    '獎品照片必須是檔案空間中的檔案：{url}',
    'Prize photos must be files of the file space: {url}',
  ),
  'validation.idNumberOfType': m(
    '{field}不符合证件类型“{type}”的格式',
    '{field}不符合證件類型「{type}」的格式',
    '{field} does not fit the form of the ID type "{type}"',
  ),
} as const satisfies Record<string, Texts>;

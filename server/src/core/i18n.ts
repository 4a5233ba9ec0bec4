import { type Locale, ownValue } from '@backroom/contract';

type Texts = Readonly<Record<Locale, string>>;
const m = (zhCn: string, zhTw: string, en: string): Texts => ({ 'zh-cn': zhCn, 'zh-tw': zhTw, en });

/** Every message the server sends, in the three languages; `{name}` is filled from the error's params. */
const MESSAGES = {
  success: m('success', 'success', 'success'),
  'common.notFound': m('数据不存在', '資料不存在', 'The record does not exist'),
  'common.routeNotFound': m('接口不存在', '介面不存在', 'No such endpoint'),
  'common.internal': m('服务器内部错误', '伺服器內部錯誤', 'Internal server error'),
  'common.tooLarge': m('请求内容过大', '請求內容過大', 'The request body is too large'),
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
  'demo.pictureOutside': m(
    '{field}只能使用本站存储的图片：{value}',
    '{field}只能使用本站儲存的圖片：{value}',
    '{field} must be a picture from our own storage: {value}',
  ),
  'tenant.superOnly': m(
    '只有超级管理员可以查看全部租户的数据',
    '只有超級管理員可以查看全部租戶的資料',
    "Only a superuser may read every tenant's rows",
  ),
  'tenant.superOnlySet': m(
    '只有超级管理员可以设置用户的租户',
    '只有超級管理員可以設定使用者的租戶',
    "Only a superuser may set a user's tenant",
  ),
  'auth.required': m('请先登录', '請先登入', 'Please log in first'),
  'auth.invalid': m(
    '登录状态已失效，请重新登录',
    '登入狀態已失效，請重新登入',
    'Your session is invalid, please log in again',
  ),
  'auth.forbidden': m('没有权限执行此操作', '沒有權限執行此操作', 'You do not have permission to do this'),
  'auth.badCredentials': m('账户或密码不正确', '帳戶或密碼不正確', 'Incorrect username or password'),
  'auth.userDisabled': m('该账户已被禁用', '該帳戶已被停用', 'This account is disabled'),
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
  'auth.originalPassword': m('原密码错误', '原密碼錯誤', 'The original password is incorrect'),
  'auth.signedOutAfterFailures': m(
    '密码错误次数过多，已退出登录',
    '密碼錯誤次數過多，已登出',
    'Too many wrong passwords: you have been signed out',
  ),
  'auth.originalRequired': m('请输入原密码', '請輸入原密碼', 'Please enter the original password'),
  // Account security (docs/architecture.md, "Account security"): the password policy and the sign-in steps.
  'auth.passwordRule': m(
    '密码不符合规则：{rule}',
    '密碼不符合規則：{rule}',
    'The password does not meet this rule: {rule}',
  ),
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
  'auth.secondFactorRequired': m(
    '请输入身份验证器应用中的 6 位验证码',
    '請輸入驗證器應用程式中的 6 位驗證碼',
    'Enter the 6-digit code from your authenticator app',
  ),
  'auth.twoFactorCode': m('验证码不正确或已使用过', '驗證碼不正確或已使用過', 'The code is wrong or was already used'),
  'auth.challengeExpired': m(
    '登录已超时，请重新输入密码',
    '登入已逾時，請重新輸入密碼',
    'The sign-in took too long: please enter your password again',
  ),
  'auth.twoFactorSetupExpired': m(
    '绑定已超时，请重新开始',
    '綁定已逾時，請重新開始',
    'The setup has expired: please start again',
  ),
  'auth.twoFactorAlready': m('两步验证已启用', '兩步驟驗證已啟用', 'Two-factor sign-in is already on'),
  'auth.twoFactorNotEnabled': m('两步验证未启用', '兩步驟驗證未啟用', 'Two-factor sign-in is not on'),
  'auth.twoFactorRoleRequires': m(
    '您的角色要求两步验证，不能关闭',
    '您的角色要求兩步驟驗證，不能關閉',
    'Your role requires two-factor sign-in: it cannot be turned off',
  ),
  'wecom.notConfigured': m(
    '未配置企业微信登录',
    '未設定企業微信登入',
    'Sign-in with enterprise WeChat is not configured on this server',
  ),
  'wecom.stateInvalid': m(
    '登录请求无效或已过期，请重新扫码',
    '登入請求無效或已過期，請重新掃碼',
    'This sign-in request is invalid or has expired: please scan again',
  ),
  'wecom.codeInvalid': m(
    '企业微信授权无效或已使用，请重新扫码',
    '企業微信授權無效或已使用，請重新掃碼',
    'The enterprise WeChat authorisation is invalid or was already used: please scan again',
  ),
  'wecom.notMember': m(
    '只有企业成员可以用企业微信登录',
    '只有企業成員可以用企業微信登入',
    'Only members of the enterprise may sign in with enterprise WeChat',
  ),
  'wecom.unbound': m(
    '该企业微信账号未绑定用户，请联系管理员绑定',
    '該企業微信帳號未綁定使用者，請聯絡管理員綁定',
    'This enterprise WeChat account is not bound to a user: ask an administrator to bind it',
  ),
  'wecom.unavailable': m(
    '暂时无法连接企业微信，请稍后再试',
    '暫時無法連線企業微信，請稍後再試',
    'Enterprise WeChat cannot be reached right now: please try again later',
  ),
  'user.usernameTaken': m('用户名已存在', '使用者名稱已存在', 'This username is already taken'),
  'user.superOnly': m(
    '只有超级管理员可以修改超级管理员',
    '只有超級管理員可以修改超級管理員',
    'Only a superuser may change a superuser',
  ),
  'user.cannotDeleteSelf': m('不能删除自己', '不能刪除自己', 'You cannot delete yourself'),
  'user.passwordRequired': m('请设置密码', '請設定密碼', 'Please set a password'),
  'scope.notYours': m('该记录不在你的数据范围内', '該記錄不在你的資料範圍內', 'This record is outside your data scope'),
  'scope.writeOutside': m(
    '负责员工或门店超出你的数据范围，不能保存',
    '負責員工或門市超出你的資料範圍，不能儲存',
    'The owner or store is outside your data scope, so this cannot be saved',
  ),
  'user.notInScope': m('没有该用户的数据权限', '沒有該使用者的資料權限', 'You have no data permission for this user'),
  'user.roleMissing': m('角色不存在', '角色不存在', 'A chosen role does not exist'),
  'role.labelTaken': m('角色标识已存在', '角色標識已存在', 'This role label is already taken'),
  'role.superLocked': m(
    '超级管理员角色不能删除或修改标识',
    '超級管理員角色不能刪除或修改標識',
    'The superuser role cannot be deleted or relabelled',
  ),
  'role.grantMenu': m(
    '不能授予自己没有的权限',
    '不能授予自己沒有的權限',
    'You cannot grant a permission you do not hold',
  ),
  'role.grantDepartment': m(
    '不能授予自己没有的部门数据权限',
    '不能授予自己沒有的部門資料權限',
    'You cannot grant a department you do not hold',
  ),
  'role.inUse': m('角色不存在或无权操作', '角色不存在或無權操作', 'The role does not exist or is not yours to change'),
  'dept.notInScope': m(
    '没有该部门的数据权限',
    '沒有該部門的資料權限',
    'You have no data permission for this department',
  ),
  'dept.parentMissing': m('上级部门不存在', '上級部門不存在', 'The parent department does not exist'),
  'dept.cycle': m(
    '不能把部门移到它自己或它的下级之下',
    '不能把部門移到它自己或它的下級之下',
    'A department cannot move under itself or its sub-departments',
  ),
  'dept.topDelete': m('顶级部门不能删除', '頂級部門不能刪除', 'The top department cannot be deleted'),
  'menu.parentMissing': m('上级菜单不存在', '上級選單不存在', 'The parent menu does not exist'),
  'menu.cycle': m(
    '不能把菜单移到它自己或它的下级之下',
    '不能把選單移到它自己或它的下級之下',
    'A menu cannot move under itself or its children',
  ),
  'menu.parentIsPermission': m('权限节点下不能有子节点', '權限節點下不能有子節點', 'A permission cannot have children'),
  'menu.unknownPerm': m('权限 {perm} 不存在', '權限 {perm} 不存在', 'Unknown permission "{perm}"'),
  'menu.noEntity': m('实体 {name} 不存在', '實體 {name} 不存在', 'No entity "{name}" is served'),
  'menu.pageExists': m(
    '实体 {name} 的菜单已存在',
    '實體 {name} 的選單已存在',
    'The entity "{name}" has a menu page already',
  ),
  'menu.badSql': m('无法解析 SQL：{reason}', '無法解析 SQL：{reason}', 'The SQL cannot be read: {reason}'),
  'coding.production': m(
    '只有开发模式（npm run dev）下才能生成代码',
    '只有開發模式（npm run dev）下才能生成程式碼',
    'Code is written only when the server runs in development mode (npm run dev)',
  ),
  'coding.exists': m('实体 {name} 已存在', '實體 {name} 已存在', 'The entity "{name}" exists already'),
  'coding.fileExists': m(
    '文件已存在：{files}；未写入任何文件',
    '檔案已存在：{files}；未寫入任何檔案',
    'These files exist already: {files}; nothing was written',
  ),
  'coding.badPath': m('不允许写入：{files}', '不允許寫入：{files}', 'Not a file this module may write: {files}'),
  'coding.cannotEdit': m('无法修改：{files}', '無法修改：{files}', 'Cannot edit: {files}'),
  'coding.noAi': m(
    '未配置 AI 接口（AI_BASE_URL、AI_MODEL），请用表单描述实体',
    '未設定 AI 介面（AI_BASE_URL、AI_MODEL），請用表單描述實體',
    'No AI endpoint is configured (AI_BASE_URL, AI_MODEL): describe the entity with the form',
  ),
  'coding.aiFailed': m(
    'AI 接口调用失败，请稍后再试',
    'AI 介面呼叫失敗，請稍後再試',
    'The AI endpoint did not answer; try again later',
  ),
  'coding.aiInvalid': m(
    'AI 的回答不是有效的实体描述（{reason}）',
    'AI 的回答不是有效的實體描述（{reason}）',
    'The AI answer is not a valid entity description ({reason})',
  ),
  'param.keyTaken': m('参数键已存在', '參數鍵已存在', 'This parameter key is already taken'),
  'param.format': m(
    '参数格式错误：不是有效的 JSON',
    '參數格式錯誤：不是有效的 JSON',
    'Parameter format error: the data is not valid JSON',
  ),
  'recycle.notYours': m(
    '只能查看和恢复自己删除的数据',
    '只能檢視和恢復自己刪除的資料',
    'You can only see and restore the records of your own deletions',
  ),
  'dict.keyFormat': m(
    '标识只能以字母或下划线开头，由字母、数字和 _ . : - 组成',
    '標識只能以字母或底線開頭，由字母、數字和 _ . : - 組成',
    'The key must start with a letter or underscore and hold only letters, digits and _ . : -',
  ),
  'dict.typeMissing': m('字典类型不存在', '字典類型不存在', 'The dictionary type does not exist'),
  'dict.parentMissing': m('上级字典项不存在', '上級字典項不存在', 'The parent item does not exist'),
  'dict.parentOtherType': m(
    '上级字典项必须属于同一字典类型',
    '上級字典項必須屬於同一字典類型',
    'The parent item must belong to the same dictionary type',
  ),
  'dict.cycle': m(
    '不能把字典项移到它自己或它的下级之下',
    '不能把字典項移到它自己或它的下級之下',
    'An item cannot move under itself or its own children',
  ),
  'dict.typeChangeWithChildren': m(
    '该字典项有下级，不能改到其他字典类型',
    '該字典項有下級，不能改到其他字典類型',
    'This item has children, so it cannot move to another dictionary type',
  ),
  'recycle.alreadyRestored': m(
    '回收记录 #{id} 已于 {time} 恢复，不能重复恢复',
    '回收紀錄 #{id} 已於 {time} 恢復，不能重複恢復',
    'Recycle record #{id} was already restored at {time}; it cannot be restored twice',
  ),
  'recycle.idConflict': m(
    '无法恢复：{entity}中已存在 ID 为 {id} 的数据，未恢复任何数据',
    '無法恢復：{entity}中已存在 ID 為 {id} 的資料，未恢復任何資料',
    'Cannot restore: {entity} already has a row with ID {id}; nothing was restored',
  ),
  'recycle.valueConflict': m(
    '无法恢复：{entity}中{field}“{value}”已被其他数据使用，未恢复任何数据',
    '無法恢復：{entity}中{field}「{value}」已被其他資料使用，未恢復任何資料',
    'Cannot restore: {field} "{value}" of {entity} is already used by another row; nothing was restored',
  ),
  'recycle.missingReference': m(
    '无法恢复：{entity} #{id} 引用的{target} #{ref} 已不存在，请先恢复它',
    '無法恢復：{entity} #{id} 引用的{target} #{ref} 已不存在，請先恢復它',
    'Cannot restore: {entity} #{id} refers to {target} #{ref}, which no longer exists; restore that first',
  ),
  'recycle.rejected': m(
    '无法恢复：数据库拒绝了 {entity} 的数据（可能与现有数据冲突），未恢复任何数据',
    '無法恢復：資料庫拒絕了 {entity} 的資料（可能與現有資料衝突），未恢復任何資料',
    'Cannot restore: the database refused the rows of {entity} (they may conflict with existing data); nothing was restored',
  ),
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
  'user.loginTypeOff': m(
    '未开启{type}登录（服务器未配置或参数 appLoginTypes 未包含）',
    '未開啟{type}登入（伺服器未設定或參數 appLoginTypes 未包含）',
    '{type} sign-in is not switched on (not configured on the server, or not in the appLoginTypes parameter)',
  ),
  'user.codeInvalid': m(
    '微信登录凭证无效或已使用，请重新授权',
    '微信登入憑證無效或已使用，請重新授權',
    'WeChat refused the sign-in code (invalid or already used): authorise again',
  ),
  'user.providerDown': m(
    '微信服务暂时不可用，请稍后再试',
    '微信服務暫時無法使用，請稍後再試',
    'WeChat cannot be reached right now, please try again later',
  ),
  'user.badCredentials': m('手机号或密码不正确', '手機號或密碼不正確', 'Incorrect phone number or password'),
  'user.inactive': m('该用户已被禁用或已注销', '該用戶已被停用或已註銷', 'This account is disabled or cancelled'),
  'user.oldPassword': m('原密码不正确', '原密碼不正確', 'The current password is wrong'),
  'user.smsUnavailable': m(
    '短信登录暂不可用（未启用短信插件，或参数 appLoginTypes 既不包含 2 也不包含 3）',
    '簡訊登入暫不可用（未啟用簡訊外掛，或參數 appLoginTypes 既不包含 2 也不包含 3）',
    'SMS sign-in is not available (no sms plugin is enabled, or the appLoginTypes parameter lists neither 2 nor 3)',
  ),
  'user.smsTooSoon': m(
    '验证码已发送到该手机号，请{seconds}秒后再获取',
    '驗證碼已傳送到該手機號，請{seconds}秒後再取得',
    'A code was just sent to this number: ask again in {seconds} seconds',
  ),
  'user.smsDailyLimit': m(
    '该手机号或当前网络今日获取验证码的次数已达上限，请明天再试',
    '該手機號或目前網路今日取得驗證碼的次數已達上限，請明天再試',
    'Too many codes were asked for this number or from this network today: try again tomorrow',
  ),
  'user.smsSendFailed': m(
    '短信发送失败，请稍后重试',
    '簡訊傳送失敗，請稍後重試',
    'The SMS could not be sent: please try again later',
  ),
  'user.smsCodeWrong': m(
    '短信验证码不正确，还可尝试{left}次',
    '簡訊驗證碼不正確，還可嘗試{left}次',
    'The SMS code is wrong ({left} tries left)',
  ),
  'user.smsCodeVoid': m(
    '短信验证码错误次数过多，已失效，请重新获取',
    '簡訊驗證碼錯誤次數過多，已失效，請重新取得',
    'Too many wrong codes: this code no longer works, ask for a new one',
  ),
  'user.smsCodeExpired': m(
    '短信验证码已过期或已使用，请重新获取',
    '簡訊驗證碼已過期或已使用，請重新取得',
    'The SMS code has expired or was already used: ask for a new one',
  ),
  'customer.notInScope': m(
    '该客户不在您的数据权限范围内',
    '該客戶不在您的資料權限範圍內',
    'This customer is outside your data scope',
  ),
  'customer.invitationNotInScope': m(
    '该邀约记录不在您的数据权限范围内',
    '該邀約記錄不在您的資料權限範圍內',
    'This invitation is outside your data scope',
  ),
  'customer.activityNotInScope': m(
    '该活动记录不在您的数据权限范围内',
    '該活動記錄不在您的資料權限範圍內',
    'This activity is outside your data scope',
  ),
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
  'task.unknownHandler': m(
    '没有名为“{service}”的任务处理器',
    '沒有名為「{service}」的任務處理器',
    'No task handler is named "{service}"',
  ),
  'task.argsJson': m('参数必须是有效的 JSON', '參數必須是有效的 JSON', 'The arguments must be valid JSON'),
  'task.badArgs': m(
    '参数不符合处理器的要求：{problem}',
    '參數不符合處理器的要求：{problem}',
    'The arguments do not fit the handler: {problem}',
  ),
  'task.cronRequired': m(
    'cron 任务需要填写 cron 表达式',
    'cron 任務需要填寫 cron 表達式',
    'A cron task needs a cron expression',
  ),
  'task.badCron': m(
    'cron 表达式不正确：{problem}',
    'cron 表達式不正確：{problem}',
    'The cron expression is wrong: {problem}',
  ),
  'task.everyRequired': m('间隔任务需要填写执行间隔', '間隔任務需要填寫執行間隔', 'An interval task needs an interval'),
  'task.endBeforeStart': m(
    '结束时间必须晚于开始时间',
    '結束時間必須晚於開始時間',
    'The end date must be after the start date',
  ),
  'task.nothingLeft': m(
    '该任务在结束时间之前已没有可执行的时间',
    '該任務在結束時間之前已沒有可執行的時間',
    'The task has no run time left before its end date',
  ),
  'task.systemDelete': m(
    '系统任务不能删除，可以停止它',
    '系統任務不能刪除，可以停止它',
    'System tasks cannot be deleted; stop them instead',
  ),
  'task.systemService': m(
    '系统任务不能更换处理器',
    '系統任務不能更換處理器',
    'The handler of a system task cannot be changed',
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
  'excel.keyOutOfScope': m(
    '{field}“{value}”不在您的数据权限范围内',
    '{field}「{value}」不在您的資料權限範圍內',
    '{field} "{value}" is outside your data scope',
  ),
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
  'plugin.notMultipart': m(
    '请以 multipart/form-data 上传插件包（字段 file）',
    '請以 multipart/form-data 上傳外掛包（欄位 file）',
    'Upload the plugin package as multipart/form-data (field "file")',
  ),
  'plugin.noFile': m('没有收到插件包', '沒有收到外掛包', 'No plugin package was received'),
  'plugin.tooLarge': m('插件包不能超过 {n}MB', '外掛包不能超過 {n}MB', 'The plugin package cannot exceed {n}MB'),
  'plugin.notZip': m(
    '插件包不是有效的 zip 文件',
    '外掛包不是有效的 zip 檔案',
    'The plugin package is not a valid zip file',
  ),
  'plugin.badPath': m(
    '插件包含不安全的路径“{name}”',
    '外掛包含不安全的路徑「{name}」',
    'The package holds an unsafe path "{name}"',
  ),
  'plugin.tooManyFiles': m(
    '插件包最多只能包含 {n} 个文件',
    '外掛包最多只能包含 {n} 個檔案',
    'A plugin package may hold at most {n} files',
  ),
  'plugin.unpackedTooLarge': m(
    '插件包解压后不能超过 {n}MB',
    '外掛包解壓後不能超過 {n}MB',
    'The unpacked plugin cannot exceed {n}MB',
  ),
  'plugin.noManifest': m('插件包缺少 plugin.json', '外掛包缺少 plugin.json', 'The package has no plugin.json'),
  'plugin.badManifest': m(
    'plugin.json 无效：{reason}',
    'plugin.json 無效：{reason}',
    'plugin.json is not valid: {reason}',
  ),
  'plugin.missingFile': m(
    '插件包缺少 plugin.json 指定的文件“{name}”',
    '外掛包缺少 plugin.json 指定的檔案「{name}」',
    'The package lacks "{name}", which plugin.json names',
  ),
  'plugin.badSchema': m(
    '插件的配置 JSON Schema 无法编译：{reason}',
    '外掛的設定 JSON Schema 無法編譯：{reason}',
    "The plugin's config JSON Schema does not compile: {reason}",
  ),
  'plugin.badSignature': m(
    '插件包的签名无效（内容在签名后被修改过），未安装',
    '外掛包的簽章無效（內容在簽章後被修改過），未安裝',
    "The package's signature does not match its content (it was changed after signing); nothing was installed",
  ),
  'plugin.untrusted': m(
    '未登录时只能安装由受信任密钥签名的插件包（PLUGIN_TRUSTED_KEYS），未安装',
    '未登入時只能安裝由受信任金鑰簽章的外掛包（PLUGIN_TRUSTED_KEYS），未安裝',
    'Without a session only packages signed by a trusted key (PLUGIN_TRUSTED_KEYS) are installed; nothing was installed',
  ),
  'plugin.confirmUnsigned': m(
    '该插件包没有受信任的签名，请确认后再安装',
    '該外掛包沒有受信任的簽章，請確認後再安裝',
    'This package has no trusted signature: confirm to install it anyway',
  ),
  'plugin.olderVersion': m(
    '已安装 {keyName} {installed}，不能安装较旧或相同的版本 {version}',
    '已安裝 {keyName} {installed}，不能安裝較舊或相同的版本 {version}',
    '{keyName} {installed} is installed: version {version} is not newer',
  ),
  'plugin.hookChanged': m(
    '新版本的 hook（{hook}）与已安装的（{installed}）不同',
    '新版本的 hook（{hook}）與已安裝的（{installed}）不同',
    "The new version's hook ({hook}) differs from the installed one ({installed})",
  ),
  'plugin.newerBackroom': m(
    '该插件需要 Backroom {version} 或更新版本',
    '該外掛需要 Backroom {version} 或更新版本',
    'This plugin needs Backroom {version} or newer',
  ),
  'plugin.hookTaken': m(
    '同一 hook 只能启用一个插件：请先停用“{name}”',
    '同一 hook 只能啟用一個外掛：請先停用「{name}」',
    'Only one plugin per hook may be enabled: disable "{name}" first',
  ),
  'plugin.badConfig': m('配置无效：{reason}', '設定無效：{reason}', 'The config is not valid: {reason}'),
  // App accounts and sessions (issue 23, appauth): phone-proven registration, turning 2FA off, WeCom states.
  'auth.twoFactorDisableWrong': m('密码或验证码不正确', '密碼或驗證碼不正確', 'The password or the code is wrong'),
  'user.smsCodeRequired': m(
    '请输入发送到该手机号的短信验证码',
    '請輸入傳送到該手機號的簡訊驗證碼',
    'Enter the SMS code sent to this phone number',
  ),
  'auth.wecomStatesFull': m(
    '该地址的企业微信登录请求过多，请稍后再试',
    '該位址的企業微信登入請求過多，請稍後再試',
    'Too many enterprise WeChat sign-ins started from this address: please try again later',
  ),
  // --- datarules (issue 24 §2, issue 23 §5): field formats, the import's owner, bounded imports and uploads ---
  'validation.format.mobile': m(
    '{field}应为11位手机号（1开头，第二位为3-9）',
    '{field}應為11位手機號（1開頭，第二位為3-9）',
    '{field} must be an 11-digit mobile number starting with 13 to 19',
  ),
  'validation.format.phone': m(
    '{field}应为11位手机号或固定电话（如 010-12345678）',
    '{field}應為11位手機號或市話（如 010-12345678）',
    '{field} must be an 11-digit mobile number or a landline (such as 010-12345678)',
  ),
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
  'validation.idNumberOfType': m(
    '{field}不符合证件类型“{type}”的格式',
    '{field}不符合證件類型「{type}」的格式',
    '{field} does not fit the form of the ID type "{type}"',
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
  // --- plugin sandbox (issue 23 §1): zip central directory, install throttle, network approval ---
  'plugin.tooManyEntries': m(
    '插件包列出了 {count} 个条目，最多只能有 {n} 个：未解压任何内容即已拒绝',
    '外掛包列出了 {count} 個項目，最多只能有 {n} 個：未解壓任何內容即已拒絕',
    'The package lists {count} entries, at most {n} are allowed: refused before anything was unpacked',
  ),
  'plugin.installThrottled': m(
    '此地址安装插件的次数过多，请 {minutes} 分钟后再试',
    '此位址安裝外掛的次數過多，請 {minutes} 分鐘後再試',
    'Too many plugin installs from this address: try again in {minutes} minutes',
  ),
  'plugin.approveNetwork': m(
    '该插件要访问网络地址：{hosts}。请确认允许后再安装',
    '該外掛要存取網路位址：{hosts}。請確認允許後再安裝',
    'This plugin reaches these network addresses: {hosts}. Approve them to install it',
  ),
  'plugin.networkNotApproved': m(
    '该插件的网络地址尚未经管理员批准：请在插件页面重新安装并批准',
    '該外掛的網路位址尚未經管理員核准：請在外掛頁面重新安裝並核准',
    "This plugin's network addresses were not approved by an operator: install it again from the plugin screen and approve them",
  ),
  // --- end plugin sandbox ---
  // --- move-in (issue 27) ---
  'moveIn.title': m('迁入报告', '遷入報告', 'Move-in report'),
  'moveIn.dryRunTitle': m(
    '迁入报告（试运行：未做任何更改）',
    '遷入報告（試執行：未做任何變更）',
    'Move-in report (dry run: nothing was changed)',
  ),
  'moveIn.col.table': m('表', '表', 'Table'),
  'moveIn.col.read': m('读取', '讀取', 'Read'),
  'moveIn.col.created': m('新建', '新建', 'Created'),
  'moveIn.col.updated': m('更新', '更新', 'Updated'),
  'moveIn.col.unchanged': m('未变', '未變', 'Unchanged'),
  'moveIn.col.skipped': m('跳过', '跳過', 'Skipped'),
  'moveIn.notes': m('请留意：', '請留意：', 'To note:'),
  'moveIn.notCoolAdmin': m(
    '来源数据库不是 cool-admin 的数据库（没有 base_sys_user 表）',
    '來源資料庫不是 cool-admin 的資料庫（沒有 base_sys_user 表）',
    'The source database is not a cool-admin database (it has no base_sys_user table)',
  ),
  'moveIn.targetInUse': m(
    '本系统的数据库已有种子以外的数据（{table}）：确认合并请加 --merge',
    '本系統的資料庫已有種子以外的資料（{table}）：確認合併請加 --merge',
    'This install already holds data besides the seed ({table}): add --merge to merge into it',
  ),
  'moveIn.skip.noId': m('来源行没有编号', '來源列沒有編號', 'the source row has no id'),
  'moveIn.skip.incomplete': m('缺少必填的字段', '缺少必填的欄位', 'a required field is empty'),
  'moveIn.skip.missingRef': m(
    '{column} 指向的行没有迁入',
    '{column} 指向的列沒有遷入',
    'the row {column} points to did not come over',
  ),
  'moveIn.skip.unknownEntity': m(
    '实体 {entity} 在本系统中没有对应',
    '實體 {entity} 在本系統中沒有對應',
    'entity {entity} has no counterpart here',
  ),
  'moveIn.skip.fileMissing': m(
    '上传目录中找不到该文件',
    '上傳目錄中找不到該檔案',
    'the file is not in the upload folder',
  ),
  'moveIn.skip.notLocalStorage': m(
    '本系统使用对象存储，文件未复制',
    '本系統使用物件儲存，檔案未複製',
    'this install stores files in S3, the file was not copied',
  ),
  'moveIn.note.menuKept': m(
    '菜单“{name}”（{router}）在本系统中没有对应，已按原路径迁入',
    '選單「{name}」（{router}）在本系統中沒有對應，已依原路徑遷入',
    'Menu "{name}" ({router}) has no counterpart here: it came in with its path kept',
  ),
  'moveIn.note.permsKept': m(
    '{count} 个权限在本系统中没有对应，已原样迁入',
    '{count} 個權限在本系統中沒有對應，已原樣遷入',
    'Permissions without a counterpart here came in as they were: {count}',
  ),
  'moveIn.note.storesCreated': m(
    '新建了 {count} 个门店（在“{region}”下）：{names}',
    '新建了 {count} 個門市（在「{region}」下）：{names}',
    'Stores created under "{region}" ({count}): {names}',
  ),
  'moveIn.note.taskUnknown': m(
    '任务“{name}”的服务 {service} 在本系统中没有对应：已停止迁入，不会运行',
    '任務「{name}」的服務 {service} 在本系統中沒有對應：已停止遷入，不會執行',
    'Task "{name}": its service {service} has no counterpart here; it came in stopped and will not run',
  ),
  // --- end move-in ---
} as const satisfies Record<string, Texts>;

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

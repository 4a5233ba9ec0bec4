import { m, type Texts } from '../../core/i18n-text.js';

/** The user module's server messages, in the three languages (joined in server/src/messages.ts). */
export const USER_MESSAGES = {
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
  'user.smsCodeRequired': m(
    '请输入发送到该手机号的短信验证码',
    '請輸入傳送到該手機號的簡訊驗證碼',
    'Enter the SMS code sent to this phone number',
  ),
} as const satisfies Record<string, Texts>;

import { m, type Texts } from '../../core/i18n-text.js';

/** The plugin module's server messages, in the three languages (joined in server/src/messages.ts). */
export const PLUGIN_MESSAGES = {
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
  'plugin.manifestTooLarge': m(
    'plugin.json 不能超过 {n}KB',
    'plugin.json 不能超過 {n}KB',
    'plugin.json cannot exceed {n}KB',
  ),
  'plugin.schemaTooLarge': m(
    '插件的配置 JSON Schema 不能超过 {n}KB',
    '外掛的設定 JSON Schema 不能超過 {n}KB',
    "The plugin's config JSON Schema cannot exceed {n}KB",
  ),
  'plugin.schemaTooManyProperties': m(
    '插件的配置 JSON Schema 最多只能有 {n} 个属性',
    '外掛的設定 JSON Schema 最多只能有 {n} 個屬性',
    "The plugin's config JSON Schema may name at most {n} properties",
  ),
  'plugin.schemaTooDeep': m(
    '插件的配置 JSON Schema 嵌套不能超过 {n} 层',
    '外掛的設定 JSON Schema 巢狀不能超過 {n} 層',
    "The plugin's config JSON Schema cannot nest more than {n} levels deep",
  ),
  'plugin.schemaTooSlow': m(
    '插件的配置 JSON Schema 无法在 {n} 秒内编译或校验，未接受',
    '外掛的設定 JSON Schema 無法在 {n} 秒內編譯或驗證，未接受',
    "The plugin's config JSON Schema did not compile or check within {n} s; it was not accepted",
  ),
} as const satisfies Record<string, Texts>;

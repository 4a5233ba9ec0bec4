import { m, type Texts } from '../core/i18n-text.js';

/** The move-in command's messages (its report), in the three languages (joined in server/src/messages.ts). */
export const MOVE_IN_MESSAGES = {
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
  'moveIn.skip.fileLinkOutside': m(
    '{file} 是指向上传目录之外（{target}）的符号链接：未复制',
    '{file} 是指向上傳目錄之外（{target}）的符號連結：未複製',
    '{file} is a symbolic link out of the upload folder (to {target}): not copied',
  ),
  'moveIn.skip.fileLinkInside': m(
    '{file} 是符号链接（指向 {target}）：只复制普通文件，如需要请用该文件本身替换链接',
    '{file} 是符號連結（指向 {target}）：只複製一般檔案，如需要請以該檔案本身取代連結',
    '{file} is a symbolic link (to {target}): only regular files are copied; put the file itself in its place to bring it',
  ),
  'moveIn.skip.fileNotRegular': m(
    '{file} 是{kind}，不是普通文件：未复制',
    '{file} 是{kind}，不是一般檔案：未複製',
    '{file} is a {kind}, not a regular file: not copied',
  ),
  'moveIn.skip.fileChanged': m(
    '{file} 在迁入过程中被替换：未复制',
    '{file} 在遷入過程中被替換：未複製',
    '{file} was replaced while the move-in ran: not copied',
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
  'moveIn.note.starterRemoved': m(
    '已先移除未被使用过的初始示例连锁：{stores} 个门店、{regions} 个区域、{staff} 名员工及其角色关联、{roles} 个店长角色（店员、财务、人事角色保留，不含用户）',
    '已先移除未被使用過的初始範例連鎖：{stores} 個門市、{regions} 個區域、{staff} 名員工及其角色關聯、{roles} 個店長角色（店員、財務、人事角色保留，不含使用者）',
    'The starter chain nobody had used was removed first: {stores} stores, {regions} regions, {staff} staff with their role links, {roles} store manager roles (the clerk, treasurer and HR roles stay, without users)',
  ),
  'moveIn.note.starterKept.incomplete': m(
    '初始示例连锁已保留：其员工或角色已有删除或重建（{detail}）；如不需要，请在部门与用户页面中删除',
    '初始範例連鎖已保留：其員工或角色已有刪除或重建（{detail}）；如不需要，請在部門與使用者頁面中刪除',
    'The starter chain was kept: some of its staff or roles were deleted or made anew ({detail}); remove it on the department and user screens if it is not wanted',
  ),
  'moveIn.note.starterKept.signedIn': m(
    '初始示例连锁已保留：其员工 {detail} 登录过；如不需要，请在部门与用户页面中删除',
    '初始範例連鎖已保留：其員工 {detail} 登入過；如不需要，請在部門與使用者頁面中刪除',
    'The starter chain was kept: its staff member {detail} has signed in; remove it on the department and user screens if it is not wanted',
  ),
  'moveIn.note.starterKept.changed': m(
    '初始示例连锁已保留：{detail} 在初始化后被修改过；如不需要，请在部门与用户页面中删除',
    '初始範例連鎖已保留：{detail} 在初始化後被修改過；如不需要，請在部門與使用者頁面中刪除',
    'The starter chain was kept: {detail} was changed since it was seeded; remove it on the department and user screens if it is not wanted',
  ),
  'moveIn.note.starterKept.business': m(
    '初始示例连锁已保留：本系统已有业务数据（{detail}）；如不需要，请在部门与用户页面中删除',
    '初始範例連鎖已保留：本系統已有業務資料（{detail}）；如不需要，請在部門與使用者頁面中刪除',
    'The starter chain was kept: this install holds business data already ({detail}); remove it on the department and user screens if it is not wanted',
  ),
  'moveIn.note.starterKept.others': m(
    '初始示例连锁已保留：其门店或区域已有别的用户、部门或角色（{detail}）；如不需要，请在部门与用户页面中删除',
    '初始範例連鎖已保留：其門市或區域已有別的使用者、部門或角色（{detail}）；如不需要，請在部門與使用者頁面中刪除',
    'The starter chain was kept: other users, departments or roles are in or on its stores or regions ({detail}); remove it on the department and user screens if it is not wanted',
  ),
} as const satisfies Record<string, Texts>;

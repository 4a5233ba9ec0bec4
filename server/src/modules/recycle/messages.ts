import { m, type Texts } from '../../core/i18n-text.js';

/** The recycle module's server messages, in the three languages (joined in server/src/messages.ts). */
export const RECYCLE_MESSAGES = {
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
} as const satisfies Record<string, Texts>;

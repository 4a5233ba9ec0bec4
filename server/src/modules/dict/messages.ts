import { m, type Texts } from '../../core/i18n-text.js';

/** The dict module's server messages, in the three languages (joined in server/src/messages.ts). */
export const DICT_MESSAGES = {
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
} as const satisfies Record<string, Texts>;

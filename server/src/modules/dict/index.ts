export { registerDict } from './dict.module.js';
export {
  dictionaryLabelsSeed,
  GOODS_TYPE_DICTIONARY,
  insertDictionaries,
  type StarterDictionary,
} from './dict.seed.js';
export type { DictInfoService } from './dict-info.service.js';
export type { DictTypeService } from './dict-type.service.js';

export { registerDict } from './dict.module.js';
export type { DictInfoService } from './dict-info.service.js';
export type { DictTypeService } from './dict-type.service.js';

export { registerRecycle } from './recycle.module.js';
export { registerRecycleRelations, type TableRelations } from './recycle.relations.js';
export type { RecycleService } from './recycle.service.js';

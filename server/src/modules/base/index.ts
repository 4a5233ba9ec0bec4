export { registerBase } from './base.module.js';
export { demoMenuSeed, menuSeed, permRowsSeed, STARTER_DEPARTMENTS } from './base.seed.js';
export { createBusLog } from './bus-event.repository.js';
export { messageGrantSeed } from './message.seed.js';
export { loadPrincipal, splitPerms } from './principal.repository.js';
export { createSessionStore } from './session.repository.js';
export { maskSecrets } from './sys-log.service.js';
export type { SysMenuService } from './sys-menu.service.js';
export { mediaBasesOf, richTextSanitizer, type SysParamService } from './sys-param.service.js';

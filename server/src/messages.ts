import { BASE_MESSAGES } from './modules/base/messages.js';
import { CUSTOMER_MESSAGES } from './modules/customer/messages.js';
import { DEMO_MESSAGES } from './modules/demo/messages.js';
import { DICT_MESSAGES } from './modules/dict/messages.js';
import { PLUGIN_MESSAGES } from './modules/plugin/messages.js';
import { RECYCLE_MESSAGES } from './modules/recycle/messages.js';
import { SPACE_MESSAGES } from './modules/space/messages.js';
import { TASK_MESSAGES } from './modules/task/messages.js';
import { USER_MESSAGES } from './modules/user/messages.js';
import { MOVE_IN_MESSAGES } from './move-in/messages.js';

/**
 * Each module's own server messages, joined: the one place core's translate() and `MessageKey`
 * (core/i18n.ts) learn them, so a module's key type-checks wherever an AppError is raised. A new
 * module adds its messages.ts here; a key two modules share belongs in core/i18n.ts instead.
 */
export const MODULE_TABLES = {
  base: BASE_MESSAGES,
  customer: CUSTOMER_MESSAGES,
  demo: DEMO_MESSAGES,
  dict: DICT_MESSAGES,
  plugin: PLUGIN_MESSAGES,
  recycle: RECYCLE_MESSAGES,
  space: SPACE_MESSAGES,
  task: TASK_MESSAGES,
  user: USER_MESSAGES,
  moveIn: MOVE_IN_MESSAGES,
} as const;

export const MODULE_MESSAGES = {
  ...BASE_MESSAGES,
  ...CUSTOMER_MESSAGES,
  ...DEMO_MESSAGES,
  ...DICT_MESSAGES,
  ...PLUGIN_MESSAGES,
  ...RECYCLE_MESSAGES,
  ...SPACE_MESSAGES,
  ...TASK_MESSAGES,
  ...USER_MESSAGES,
  ...MOVE_IN_MESSAGES,
};

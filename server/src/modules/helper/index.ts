export { registerHelper } from './helper.module.js';

export { registerPlugin } from './plugin.module.js';

export { registerSpace } from './space.module.js';

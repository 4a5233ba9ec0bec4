export { registerDemo } from './demo.module.js';

export { registerTask } from './task.module.js';

export { registerTask } from './task.module.js';
export { recentFailures } from './task-info.repository.js';

export { registerUser } from './user.module.js';

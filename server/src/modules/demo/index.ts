export { registerDemoHome } from './home.module.js';

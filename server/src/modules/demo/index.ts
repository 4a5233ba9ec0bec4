export { registerDemo } from './demo.module.js';
export { registerDemoHome } from './home.module.js';

export { registerSpace } from './space.module.js';
export { knownFileUrls } from './space.repository.js';

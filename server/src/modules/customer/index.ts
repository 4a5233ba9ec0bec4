export { registerCustomer } from './customer.module.js';
export { type RevealTarget, revealField } from './reveal.js';

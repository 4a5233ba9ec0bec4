export { registerCustomer } from './customer.module.js';

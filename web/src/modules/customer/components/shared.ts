/** The customer module's pieces other modules' screens use (through `loadCustomerShared` in index.ts). */
export { CustomerDetails } from './customer-details';
export { MaskedValue } from './masked-value';

export { registerCustomer } from './customer.module.js';
export type { CustomerStats } from './customer-stats.service.js';
export { type RevealTarget, revealField } from './reveal.js';
export {
  judgeStarterChain,
  removeStarterChain,
  type StarterChain,
  type StarterTouch,
  type StarterVerdict,
} from './starter-chain.js';

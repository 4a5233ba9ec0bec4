import type { MessageKey } from '../core/i18n.js';
import { judgeStarterChain, removeStarterChain, type StarterTouch } from '../modules/customer/index.js';
import type { Run } from './engine.js';

/** The report's word on a starter chain left in place, by what was found done with it. */
const KEPT: Record<StarterTouch, MessageKey> = {
  incomplete: 'moveIn.note.starterKept.incomplete',
  signedIn: 'moveIn.note.starterKept.signedIn',
  changed: 'moveIn.note.starterKept.changed',
  business: 'moveIn.note.starterKept.business',
  others: 'moveIn.note.starterKept.others',
};

/**
 * The first step of a first move-in, in its transaction: the starter chain a new install's seed
 * made (its stores and regions, its staff and their role links, the store managers' roles) goes
 * when nobody has touched it (modules/customer/starter-chain.ts says what that means), so that the
 * stores moved in do not sit beside demo ones; the job roles (clerk, treasurer, hr) stay, without
 * users. A chain someone used stays as it is, and the report says why.
 */
export async function clearStarterChain(run: Run): Promise<void> {
  const verdict = await judgeStarterChain(run.trx);
  if (verdict.state === 'none') return;
  if (verdict.state === 'touched') {
    run.report.notes.push({ key: KEPT[verdict.why], params: { detail: verdict.detail } });
    return;
  }
  const { chain } = verdict;
  await removeStarterChain(run.trx, chain);
  run.report.notes.push({
    key: 'moveIn.note.starterRemoved',
    params: {
      stores: chain.storeIds.length,
      regions: chain.regionIds.length,
      staff: chain.userIds.length,
      roles: chain.storeRoleIds.length,
    },
  });
}

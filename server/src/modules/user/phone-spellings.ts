import { normalisePhone } from '@backroom/contract';
import type { AppContext } from '../../core/context.js';
import type { Db } from '../../core/db/index.js';
import type { SeedStep } from '../../core/db/seeds.js';
import { phonesToCheck } from './user-info.repository.js';

/** The app users whose stored phone is not in its one spelling, by why (ids only: never a number). */
export type PhoneSpellings = {
  /** Another app user has this number in its canonical form: the migration left this one's spelling. */
  taken: number[];
  /** The text reads as no phone number (phone.ts): kept as an older release let it in. */
  unread: number[];
};

/** Finds them: a read of the app users whose phone is not an 11-digit mainland mobile. */
export async function findPhoneSpellings(db: Db): Promise<PhoneSpellings> {
  const found: PhoneSpellings = { taken: [], unread: [] };
  for (const row of await phonesToCheck(db)) {
    const phone = normalisePhone(row.phone);
    if (phone === null) found.unread.push(row.id);
    else if (phone !== row.phone) found.taken.push(row.id);
  }
  return found;
}

/**
 * Once after the upgrade that brought phones to one spelling (migration `base normalise-phones`):
 * says in the server log which app users kept another spelling, as the migration could not give
 * them their canonical number without taking it from its holder (a phone is unique among app
 * users). An operator merges or clears them on the app user screen, where a search of the number
 * finds them all (phone.ts, phoneSearchForms).
 */
export function phoneSpellingsReport(ctx: AppContext): SeedStep {
  return {
    module: 'user',
    name: 'phone-spellings',
    when: { once: '1' },
    async run(trx) {
      const found = await findPhoneSpellings(trx);
      const first = (ids: number[]) => ids.slice(0, 100);
      if (found.taken.length > 0) {
        ctx.log.warn(
          { count: found.taken.length, appUserIds: first(found.taken) },
          'app users keep an older spelling of a phone number another app user has: merge or clear them on the app user screen',
        );
      }
      if (found.unread.length > 0) {
        ctx.log.warn(
          { count: found.unread.length, appUserIds: first(found.unread) },
          'app users keep a phone that reads as no phone number: correct it on the app user screen',
        );
      }
    },
  };
}

import { brokenRules, type PasswordPolicy, policyFromParams, ruleLabel } from '@backroom/contract';
import { verifyPassword } from '../../core/auth/password.js';
import type { Db } from '../../core/db/index.js';
import { badRequest } from '../../core/errors.js';
import { readPolicyParams, recentPasswordHashes } from './password-history.repository.js';

/** The policy as the parameters set it now (docs/architecture.md, "Account security"). */
export async function readPasswordPolicy(db: Db): Promise<PasswordPolicy> {
  return policyFromParams(await readPolicyParams(db));
}

/**
 * Refuses a password the policy does not allow, with a 400 naming the first rule it breaks: the
 * shared rules of the contract (the web forms check the same), then the user's recent passwords.
 */
export async function assertPasswordAllowed(
  db: Db,
  candidate: { password: string; username: string | null | undefined; userId?: number | undefined },
): Promise<void> {
  const policy = await readPasswordPolicy(db);
  const [broken] = brokenRules(candidate.password, policy, candidate.username);
  if (broken) throw badRequest('auth.passwordRule', { rule: ruleLabel(broken, policy) });
  if (candidate.userId === undefined) return;
  for (const hash of await recentPasswordHashes(db, candidate.userId, policy.history)) {
    if (await verifyPassword(candidate.password, hash)) {
      throw badRequest('auth.passwordRule', { rule: ruleLabel('history', policy) });
    }
  }
}

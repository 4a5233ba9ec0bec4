import { activeRules, brokenRules, type PasswordPolicy, type PasswordRule, ruleText } from '@backroom/contract';
import { useQuery } from '@tanstack/react-query';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { sessionApi } from '../../../core/endpoint-refs';
import type { Locale } from '../../../core/i18n';
import { call } from '../../../core/request';

/** The server's password policy (its parameters), read once per shell. */
export function usePasswordPolicy(): PasswordPolicy | undefined {
  return useQuery({
    queryKey: ['base', 'passwordPolicy'],
    queryFn: () => call(sessionApi.passwordPolicy),
    staleTime: 60_000,
  }).data;
}

/**
 * A form rule that checks a new password with the contract's own policy check (the server applies
 * the same), naming the first rule broken in the user's language. The history is the server's.
 */
export function usePolicyRule(policy: PasswordPolicy | undefined, username: string | null | undefined): Rule {
  const { i18n } = useTranslation();
  return policyRule(policy, i18n.language as Locale, () => username);
}

/** The same rule for a form that also holds the username (the user dialog): it follows the field. */
export function usePolicyFormRule(policy: PasswordPolicy | undefined): Rule {
  const { i18n } = useTranslation();
  const locale = i18n.language as Locale;
  return ({ getFieldValue }) => policyRule(policy, locale, () => getFieldValue('username') as string | undefined);
}

function policyRule(
  policy: PasswordPolicy | undefined,
  locale: Locale,
  username: () => string | null | undefined,
): { validator(rule: unknown, value: string | undefined): Promise<void> } {
  return {
    validator: (_, value) => {
      if (!policy || !value) return Promise.resolve();
      const [broken] = brokenRules(value, policy, username());
      return broken ? Promise.reject(new Error(ruleText(broken, policy, locale))) : Promise.resolve();
    },
  };
}

/** The policy's rules as a checklist: each with whether the value typed so far meets it (null: the server checks). */
export function useRuleChecklist(
  policy: PasswordPolicy | undefined,
  value: string | undefined,
  username: string | null | undefined,
): Array<{ rule: PasswordRule; text: string; met: boolean | null }> {
  const { i18n } = useTranslation();
  if (!policy) return [];
  const broken = new Set(brokenRules(value ?? '', policy, username));
  return activeRules(policy).map((rule) => ({
    rule,
    text: ruleText(rule, policy, i18n.language as Locale),
    met: rule === 'history' ? null : value ? !broken.has(rule) : false,
  }));
}

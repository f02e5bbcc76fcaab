import type { LanguageKey } from '@shared/constants';
import { findUserByEmail } from '../data/user-repository';

export interface LanguageGroup {
  language: LanguageKey;
  to: string[];
}

/**
 * Splits e-mail recipients by the language each reads: a known user's stored language, else the
 * fallback. Groups keep the order of their first address, so the first recipient's group comes first.
 */
export const groupByLanguage = (addresses: readonly string[], languageOf: (address: string) => LanguageKey | undefined, fallback: LanguageKey): LanguageGroup[] => {
  const groups = new Map<LanguageKey, string[]>();
  for (const address of addresses) {
    const language = languageOf(address) ?? fallback;
    groups.set(language, [...(groups.get(language) ?? []), address]);
  }
  return [...groups].map(([language, to]) => ({ language, to }));
};

/** The recipients of one e-mail grouped by the language of the users they are (spec 1 §9: each user's language). */
export const recipientsByLanguage = async (addresses: readonly string[], fallback: LanguageKey): Promise<LanguageGroup[]> => {
  const unique = [...new Set(addresses.map((address) => address.toLowerCase()))];
  const users = await Promise.all(unique.map(async (address) => [address, (await findUserByEmail(address))?.language] as const));
  const known = new Map(users);
  return groupByLanguage(addresses, (address) => known.get(address.toLowerCase()), fallback);
};

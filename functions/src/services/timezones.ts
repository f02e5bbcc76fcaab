import { getAllCountries, getAllTimezones } from 'countries-and-timezones';
import type { TimezoneEntry } from '@shared/schemas/customer';

let known: TimezoneEntry[] | null = null;

/**
 * The IANA zones (aliases left out), one entry per zone and country it is used in, sorted by
 * country then zone: the one list the customer form and the location panel offer.
 */
export const listTimezones = (): TimezoneEntry[] => {
  if (known) return known;
  const countries = getAllCountries();
  const entries: TimezoneEntry[] = [];
  for (const zone of Object.values(getAllTimezones({ deprecated: false }))) {
    if (zone.aliasOf) continue;
    const codes = zone.countries.length ? zone.countries : [null];
    for (const code of codes) {
      entries.push({ name: zone.name, utc_offset: zone.utcOffsetStr, cca2: code, country: code ? (countries[code as keyof typeof countries]?.name ?? code) : null });
    }
  }
  known = entries.sort((a, b) => (a.country ?? '~').localeCompare(b.country ?? '~') || a.name.localeCompare(b.name));
  return known;
};

export const isKnownTimezone = (name: string): boolean => listTimezones().some((entry) => entry.name === name);

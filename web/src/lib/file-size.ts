/** Size units per language (spec: sizes are formatted with o, ko, Mo, Go, To; English says B, kB, MB …). */
const UNITS: Record<string, readonly string[]> = {
  fr: ['o', 'ko', 'Mo', 'Go', 'To'],
  en: ['B', 'kB', 'MB', 'GB', 'TB'],
};

/** A byte count as people read it: 1 024 steps, one decimal above the byte, the language's decimal mark. */
export const formatFileSize = (bytes: number, language: string): string => {
  const units = UNITS[language] ?? UNITS.fr;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'fr-FR', { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
  return `${text} ${units[unit]}`;
};

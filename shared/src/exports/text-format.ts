/** The placeholder of a text_format cell: each `{}` takes the next argument, in order (spec 2 §3 "Export"). */
export const PLACEHOLDER = '{}';

export const placeholderCount = (template: string): number => template.split(PLACEHOLDER).length - 1;

/**
 * Fills each `{}` with the displayed value of its argument. A placeholder without an argument
 * stays empty rather than showing `{}` or `undefined` in a customer's spreadsheet; arguments beyond
 * the placeholders are ignored.
 */
export const fillPlaceholders = (template: string, values: readonly (string | number | null | undefined)[]): string => {
  const parts = template.split(PLACEHOLDER);
  return parts.reduce((text, part, index) => {
    if (index === 0) return part;
    const value = values[index - 1];
    return `${text}${value === null || value === undefined ? '' : String(value)}${part}`;
  }, '');
};

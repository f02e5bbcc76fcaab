/** A property of a point named by a dotted path (`name`, `unit_object.s`, `location.name`). */
export const PROPERTY_PATH = /^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*$/;

/**
 * The value at a dotted path of an object, as a spreadsheet shows it: text or number as is, a
 * boolean as is, anything missing or not a plain value (an object, a list) as null — a grid never
 * shows `[object Object]`.
 */
export const propertyAt = (source: unknown, path: string): string | number | boolean | null => {
  if (!PROPERTY_PATH.test(path)) return null;
  let current: unknown = source;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object' || Array.isArray(current) || !Object.hasOwn(current, key)) return null;
    current = (current as Record<string, unknown>)[key];
  }
  return typeof current === 'string' || typeof current === 'number' || typeof current === 'boolean' ? current : null;
};

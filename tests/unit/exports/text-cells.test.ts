import { describe, expect, it } from 'vitest';
import { propertyAt } from '@shared/exports/point-property';
import { fillPlaceholders, placeholderCount } from '@shared/exports/text-format';

describe('text_format cells', () => {
  it('fills each {} with the next argument, in order', () => {
    expect(fillPlaceholders('{} used {} kWh', ['Building A', 1234.5])).toBe('Building A used 1234.5 kWh');
  });

  it('leaves a placeholder without argument empty and ignores extra arguments', () => {
    expect(fillPlaceholders('from {} to {}', ['May'])).toBe('from May to ');
    expect(fillPlaceholders('total: {}', [1, 2, 3])).toBe('total: 1');
    expect(fillPlaceholders('no placeholder', ['x'])).toBe('no placeholder');
  });

  it('counts the placeholders a text asks arguments for', () => {
    expect(placeholderCount('{} and {}{}')).toBe(3);
    expect(placeholderCount('none')).toBe(0);
  });
});

describe('point cells', () => {
  const point = { name: 'Index', unit_object: { category: 'electricity', s: 'kWh' }, tags: ['a'], data: null };

  it('read a property by its dotted path', () => {
    expect(propertyAt(point, 'name')).toBe('Index');
    expect(propertyAt(point, 'unit_object.s')).toBe('kWh');
  });

  it('show nothing for a missing path, an object, a list or an inherited property', () => {
    expect(propertyAt(point, 'unit_object.missing')).toBeNull();
    expect(propertyAt(point, 'unit_object')).toBeNull();
    expect(propertyAt(point, 'tags')).toBeNull();
    expect(propertyAt(point, 'data.value')).toBeNull();
    expect(propertyAt(point, 'constructor')).toBeNull();
  });
});

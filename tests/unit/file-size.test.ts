import { describe, expect, it } from 'vitest';
import { formatFileSize } from '../../web/src/lib/file-size';

describe('file sizes', () => {
  it('are shown in o, ko, Mo, Go, To in French and B, kB, MB, GB, TB in English', () => {
    expect(formatFileSize(0, 'fr')).toBe('0 o');
    expect(formatFileSize(1023, 'fr')).toBe('1\u202f023 o');
    expect(formatFileSize(1536, 'fr')).toBe('1,5 ko');
    expect(formatFileSize(5 * 1024 ** 2, 'fr')).toBe('5 Mo');
    expect(formatFileSize(3.25 * 1024 ** 3, 'fr')).toBe('3,3 Go');
    expect(formatFileSize(2 * 1024 ** 4, 'fr')).toBe('2 To');
    expect(formatFileSize(1536, 'en')).toBe('1.5 kB');
    expect(formatFileSize(40 * 1024 ** 2, 'en')).toBe('40 MB');
  });
});

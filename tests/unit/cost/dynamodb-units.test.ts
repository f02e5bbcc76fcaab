import { describe, expect, it } from 'vitest';
import { anyItemSize, isWireItem, itemSize, numberSize, queryReadUnits, readUnits, storageBytes, valueSize, writeUnits } from '../../../functions/src/usage/dynamodb-units';
import { billedMilliseconds, gbSeconds } from '../../../functions/src/usage/lambda-units';

describe("DynamoDB's item sizes", () => {
  it('counts names and string values in UTF-8 bytes', () => {
    expect(itemSize({ PK: { S: 'C#a' }, SK: { S: 'PT#é' } })).toBe(2 + 3 + 2 + 5);
  });

  it('counts a number as one byte per two significant digits, plus one', () => {
    expect(numberSize('0')).toBe(1);
    expect(numberSize('7')).toBe(2);
    expect(numberSize('123')).toBe(3);
    expect(numberSize('1200')).toBe(2);
    expect(numberSize('0.0012')).toBe(2);
    // Trailing zeros trimmed: 17198424, eight digits.
    expect(numberSize('1719842400000')).toBe(4 + 1);
    expect(numberSize('-12.5')).toBe(4);
  });

  it('counts binaries in bytes, booleans and nulls as one byte', () => {
    expect(valueSize({ B: new Uint8Array(10) })).toBe(10);
    expect(valueSize({ B: Buffer.from('abcd').toString('base64') })).toBe(4);
    expect(valueSize({ BOOL: false })).toBe(1);
    expect(valueSize({ NULL: true })).toBe(1);
  });

  it('counts lists and maps as 3 bytes, one per element, and their contents', () => {
    expect(valueSize({ L: [{ S: 'ab' }, { N: '1' }] })).toBe(3 + (1 + 2) + (1 + 2));
    expect(valueSize({ M: { v: { N: '12' }, s: { S: '1' } } })).toBe(3 + (1 + 1 + 2) + (1 + 1 + 1));
  });

  it('counts string and number sets as the sum of their elements', () => {
    expect(valueSize({ SS: ['a', 'bc'] })).toBe(3);
    expect(valueSize({ NS: ['1', '22'] })).toBe(2 + 2);
  });
});

describe('request units', () => {
  it('bills a write one unit per started KB, at least one, twice in a transaction', () => {
    expect(writeUnits(0)).toBe(1);
    expect(writeUnits(1024)).toBe(1);
    expect(writeUnits(1025)).toBe(2);
    expect(writeUnits(3000, true)).toBe(6);
  });

  it('bills a read one unit per started 4 KB strongly consistent, half eventually, twice in a transaction', () => {
    expect(readUnits(100, 'strong')).toBe(1);
    expect(readUnits(4097, 'strong')).toBe(2);
    expect(readUnits(4097, 'eventual')).toBe(1);
    expect(readUnits(8 * 1024, 'transactional')).toBe(4);
    expect(readUnits(0, 'eventual')).toBe(0.5);
  });

  it('sums the items of a Query before it rounds', () => {
    expect(queryReadUnits([1000, 1000, 1000, 1000, 1000], 'strong')).toBe(2);
    expect(queryReadUnits([], 'eventual')).toBe(0.5);
    // Five items read one by one would cost five units.
    expect([1000, 1000, 1000, 1000, 1000].reduce((total, bytes) => total + readUnits(bytes, 'strong'), 0)).toBe(5);
  });

  it('stores an item with 100 bytes of overhead', () => {
    expect(storageBytes(250)).toBe(350);
  });
});

describe('Lambda GB-seconds', () => {
  it('rounds the duration up to the millisecond and multiplies by the configured memory', () => {
    expect(billedMilliseconds(12.01)).toBe(13);
    expect(billedMilliseconds(0.2)).toBe(1);
    expect(gbSeconds(512, 200)).toBeCloseTo(0.1, 10);
    expect(gbSeconds(1024, 1000.4)).toBeCloseTo(1.001, 10);
    expect(gbSeconds(128, 0.5)).toBeCloseTo(0.000125, 12);
  });
});

describe('plain items (as the document client hands them back)', () => {
  it('are sized as their wire form is', () => {
    const plain = { PK: 'C#a', n: 12.5, big: 1719842400000, ok: false, none: null, bytes: new Uint8Array(7), list: ['ab', 1], map: { v: 12 }, set: new Set(['a', 'bc']) };
    const wire = { PK: { S: 'C#a' }, n: { N: '12.5' }, big: { N: '1719842400000' }, ok: { BOOL: false }, none: { NULL: true }, bytes: { B: new Uint8Array(7) }, list: { L: [{ S: 'ab' }, { N: '1' }] }, map: { M: { v: { N: '12' } } }, set: { SS: ['a', 'bc'] } };
    expect(isWireItem(wire)).toBe(true);
    expect(isWireItem(plain)).toBe(false);
    expect(anyItemSize(plain)).toBe(itemSize(wire));
  });
});

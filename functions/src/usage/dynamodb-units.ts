/**
 * What DynamoDB bills a call, from the sizes of the items it reads and writes (AWS's published
 * rules, on-demand mode): an item's size is the sum of its attribute names' and values' bytes;
 * a write request unit writes 1 KB, a read request unit reads 4 KB strongly consistent (half a
 * unit eventually consistent, two transactional); a Query or Scan sums the sizes of the items it
 * reads before it rounds; storage counts 100 bytes of overhead per item (and per index entry).
 * Pure functions: the functions' usage meter and the cost bench both count with them.
 */

/** An attribute value as DynamoDB's wire format writes it. */
export interface AttributeValue {
  S?: string;
  N?: string;
  B?: Uint8Array | string;
  BOOL?: boolean;
  NULL?: boolean;
  L?: AttributeValue[];
  M?: Record<string, AttributeValue>;
  SS?: string[];
  NS?: string[];
  BS?: (Uint8Array | string)[];
}

export type Item = Record<string, AttributeValue>;

export type ReadConsistency = 'eventual' | 'strong' | 'transactional';

const utf8Bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

const binaryBytes = (value: Uint8Array | string): number => (typeof value === 'string' ? Buffer.from(value, 'base64').length : value.byteLength);

/**
 * A number's size: one byte per two significant digits (leading and trailing zeros trimmed,
 * rounded up), plus one byte, plus one more for a negative number.
 */
export const numberSize = (text: string): number => {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const mantissa = trimmed.replace(/^[-+]/, '').toLowerCase().split('e')[0];
  const digits = mantissa.replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  if (!digits) return 1;
  return Math.ceil(digits.length / 2) + 1 + (negative ? 1 : 0);
};

/** The size of one value: strings in UTF-8 bytes, binaries in bytes, booleans and nulls 1 byte, lists and maps 3 bytes + 1 per element + their contents. */
export const valueSize = (value: AttributeValue): number => {
  if (value.S !== undefined) return utf8Bytes(value.S);
  if (value.N !== undefined) return numberSize(value.N);
  if (value.B !== undefined) return binaryBytes(value.B);
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.SS) return value.SS.reduce((sum, text) => sum + utf8Bytes(text), 0);
  if (value.NS) return value.NS.reduce((sum, text) => sum + numberSize(text), 0);
  if (value.BS) return value.BS.reduce((sum, bytes) => sum + binaryBytes(bytes), 0);
  if (value.L) return 3 + value.L.reduce((sum, element) => sum + 1 + valueSize(element), 0);
  if (value.M) return 3 + Object.entries(value.M).reduce((sum, [name, element]) => sum + 1 + utf8Bytes(name) + valueSize(element), 0);
  return 0;
};

/** An item's size in bytes: its attribute names' UTF-8 bytes plus its values' sizes. */
export const itemSize = (item: Item): number => Object.entries(item).reduce((sum, [name, value]) => sum + utf8Bytes(name) + valueSize(value), 0);

const ATTRIBUTE_TYPES = new Set(['S', 'N', 'B', 'BOOL', 'NULL', 'L', 'M', 'SS', 'NS', 'BS']);

/** Whether an item is in DynamoDB's wire format (every value `{ S: … }`, `{ N: … }`…) rather than plain values. */
export const isWireItem = (item: Record<string, unknown>): item is Item =>
  Object.values(item).every((value) => typeof value === 'object' && value !== null && !(value instanceof Uint8Array) && Object.keys(value).length === 1 && ATTRIBUTE_TYPES.has(Object.keys(value)[0]));

/** The size of a plain value as the document client writes it (a string S, a number N, bytes B, a Set SS/NS/BS, an array L, an object M). */
export const plainValueSize = (value: unknown): number => {
  if (typeof value === 'string') return utf8Bytes(value);
  if (typeof value === 'number' || typeof value === 'bigint') return numberSize(String(value));
  if (typeof value === 'boolean' || value === null || value === undefined) return 1;
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...value].reduce((sum: number, element) => sum + plainValueSize(element), 0);
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, element) => sum + 1 + plainValueSize(element), 0);
  if (typeof value === 'object') {
    // A number the client kept exact (`wrapNumbers`): `{ value: '12.5' }`.
    if ('value' in value && Object.keys(value).length === 1 && typeof (value as { value: unknown }).value === 'string') return numberSize((value as { value: string }).value);
    return 3 + Object.entries(value).reduce((sum, [name, element]) => sum + 1 + utf8Bytes(name) + plainValueSize(element), 0);
  }
  return 0;
};

/** An item's size whether it is in the wire format or plain (what the document client hands back). */
export const anyItemSize = (item: Record<string, unknown>): number =>
  isWireItem(item) ? itemSize(item) : Object.entries(item).reduce((sum, [name, value]) => sum + utf8Bytes(name) + plainValueSize(value), 0);

/** Write request units of writing an item of `bytes`: one per started KB (at least one), twice in a transaction. */
export const writeUnits = (bytes: number, transactional = false): number => Math.max(1, Math.ceil(bytes / 1024)) * (transactional ? 2 : 1);

const READ_FACTOR: Record<ReadConsistency, number> = { eventual: 0.5, strong: 1, transactional: 2 };

/** Read request units of reading `bytes` in one item (GetItem, each item of a BatchGetItem): one per started 4 KB, at least one, by consistency. */
export const readUnits = (bytes: number, consistency: ReadConsistency): number => Math.max(1, Math.ceil(bytes / 4096)) * READ_FACTOR[consistency];

/** A Query or Scan page: the sizes of the items read are summed, then rounded up to 4 KB (one unit at least, even for no item). */
export const queryReadUnits = (itemBytes: readonly number[], consistency: 'eventual' | 'strong'): number =>
  readUnits(itemBytes.reduce((sum, bytes) => sum + bytes, 0), consistency);

/** Bytes DynamoDB bills in storage for an item: its size and 100 bytes of overhead. */
export const STORAGE_OVERHEAD_BYTES = 100;
export const storageBytes = (bytes: number): number => bytes + STORAGE_OVERHEAD_BYTES;

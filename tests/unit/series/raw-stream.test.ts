import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { encodeHour, type RawEntry } from '../../../functions/src/data/raw-hour';
import { touchedByRecords } from '../../../functions/src/services/rollup-service';

const HOUR = Date.UTC(2026, 10, 16, 10);
const PK = 'S#cus-1#pt-1#202611';
const SK = `h${String(HOUR).padStart(13, '0')}`;

/** An hour item as a stream image carries it: binary columns base64-encoded. */
const image = (entries: RawEntry[], b: number, z = 'Europe/Paris') => {
  const columns = encodeHour(HOUR, entries);
  return {
    PK: { S: PK },
    SK: { S: SK },
    o: { B: Buffer.from(columns.o).toString('base64') },
    v: { B: Buffer.from(columns.v).toString('base64') },
    s: { B: Buffer.from(columns.s).toString('base64') },
    n: { N: '2' },
    z: { S: z },
    b: { N: String(b) },
  };
};
const record = (eventName: 'INSERT' | 'MODIFY' | 'REMOVE', OldImage?: ReturnType<typeof image>, NewImage?: ReturnType<typeof image>) =>
  ({ eventName, dynamodb: { Keys: { PK: { S: PK }, SK: { S: SK } }, OldImage, NewImage } }) as unknown as DynamoDBRecord;

const entry = (minute: number, value: number): RawEntry => ({ at: HOUR + minute * 60_000, value, status: '1' });

describe('the series stream over hour items', () => {
  it('rolls up only the times a single write or a deletion changed in the hour', () => {
    const before = [entry(0, 1), entry(10, 2), entry(20, 3)];
    const touched = touchedByRecords([record('MODIFY', image(before, 1), image([entry(0, 1), entry(10, 5), entry(20, 3), entry(30, 4)], 0))]);
    expect(touched).toEqual([
      { customerId: 'cus-1', pointId: 'pt-1', at: HOUR + 600_000, zone: 'Europe/Paris' },
      { customerId: 'cus-1', pointId: 'pt-1', at: HOUR + 1_800_000, zone: 'Europe/Paris' },
    ]);
    expect(touchedByRecords([record('INSERT', undefined, image([entry(5, 1)], 0))]).map((instant) => instant.at)).toEqual([HOUR + 300_000]);
  });

  it('rolls up every time of a removed hour item, and none of a bulk write (its rollups are written with it)', () => {
    expect(touchedByRecords([record('REMOVE', image([entry(0, 1), entry(10, 2)], 0))]).map((instant) => instant.at)).toEqual([HOUR, HOUR + 600_000]);
    expect(touchedByRecords([record('MODIFY', image([entry(0, 1)], 0), image([entry(0, 2)], 1))])).toEqual([]);
  });

  it('still rolls up a legacy item of one value (removed by a deletion or the migration)', () => {
    const legacy = { PK: { S: PK }, SK: { S: String(HOUR).padStart(13, '0') }, t: { N: String(HOUR) }, v: { N: '3' }, s: { S: '1' }, z: { S: 'UTC' }, b: { N: '1' } };
    expect(touchedByRecords([{ eventName: 'REMOVE', dynamodb: { OldImage: legacy } } as unknown as DynamoDBRecord])).toEqual([{ customerId: 'cus-1', pointId: 'pt-1', at: HOUR, zone: 'UTC' }]);
  });
});

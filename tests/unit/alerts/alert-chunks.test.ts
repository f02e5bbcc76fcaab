import { describe, expect, it } from 'vitest';
import { fairJobItem } from '../../../functions/src/data/fair-queue-repository';
import type { AlertChunkJob } from '../../../functions/src/services/alert-schedule-service';
import { ALERT_CHUNK_SIZE, alertChunkOrder, alertChunks, alertCronKey } from '../../../functions/src/services/alert-schedules';
import { anyItemSize, writeUnits } from '../../../functions/src/usage/dynamodb-units';

/**
 * A firing of a customer's alert cron puts one fair-queue job per chunk of its alerts, not one per
 * alert (issue 41, docs/architecture/fair-work.md): the lane's writes are paid per chunk.
 */
const CUSTOMER = 'cust-0b4f3c2e-5d6a-4b7c-8d9e-0f1a2b3c4d5e';
const FIRED_AT = Date.parse('2026-11-29T08:15:00.123Z');
const CRON = alertCronKey('cron(*/15 * ? * * *)', 'Europe/Paris');
/** Alert ids as the server makes them (`alr-<uuid>`), not in order. */
const alertIds = (count: number): string[] =>
  Array.from({ length: count }, (_, index) => `alr-${String((index * 7919) % 10_007).padStart(8, '0')}-5d6a-4b7c-8d9e-0f1a2b3c4d5e`);

describe("a firing's alerts in chunks", () => {
  it('makes as few chunks as the size allows, of sizes differing by one at most, each alert in exactly one', () => {
    expect(ALERT_CHUNK_SIZE).toBe(25);
    const sizes = (count: number) => alertChunks(alertIds(count)).map((chunk) => chunk.length);
    expect(sizes(0)).toEqual([]);
    expect(sizes(1)).toEqual([1]);
    expect(sizes(25)).toEqual([25]);
    expect(sizes(26)).toEqual([13, 13]);
    // The reference customer's 40 alerts: two chunks, taken at once within the customer's cap of 2.
    expect(sizes(40)).toEqual([20, 20]);
    expect(sizes(51)).toEqual([17, 17, 17]);
    expect(sizes(500)).toEqual(Array.from({ length: 20 }, () => 25));
    expect(alertChunks(alertIds(7), 3).map((chunk) => chunk.length)).toEqual([3, 2, 2]);
    const ids = alertIds(101);
    const chunks = alertChunks(ids);
    expect(chunks.flat().sort()).toEqual([...ids].sort());
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThanOrEqual(ALERT_CHUNK_SIZE);
  });

  it('makes the same chunks from the same alerts whatever order the list gave them in, an alert listed twice once', () => {
    const ids = alertIds(40);
    const chunks = alertChunks(ids);
    expect(alertChunks([...ids].reverse())).toEqual(chunks);
    expect(alertChunks([...ids, ids[3]])).toEqual(chunks);
    expect(chunks.flat()).toEqual([...ids].sort());
  });

  it('names a chunk by its firing time, cron and index: the same firing twice names the same jobs, and the lane takes the older firing first', () => {
    expect(alertChunkOrder(FIRED_AT, CRON, 1)).toBe(`00${FIRED_AT}#${CRON}#001`);
    expect(alertChunkOrder(FIRED_AT, CRON, 0)).toBe(alertChunkOrder(FIRED_AT, CRON, 0));
    expect(alertChunkOrder(FIRED_AT, CRON, 0)).not.toBe(alertChunkOrder(FIRED_AT, CRON, 1));
    expect(alertChunkOrder(FIRED_AT, CRON, 0)).not.toBe(alertChunkOrder(FIRED_AT, alertCronKey('cron(0 8 ? * * *)', 'Europe/Paris'), 0));
    const orders = [alertChunkOrder(FIRED_AT + 15 * 60_000, CRON, 0), alertChunkOrder(FIRED_AT, CRON, 10), alertChunkOrder(FIRED_AT, CRON, 2), alertChunkOrder(9_000, CRON, 0)];
    expect([...orders].sort()).toEqual([orders[3], orders[2], orders[1], orders[0]]);
  });

  it("keeps a full chunk's job item between 1 and 2 KB: its put and its claim's delete cost 4 write units each (in transactions), one alert's job 2", () => {
    const itemOf = (ids: string[]) => {
      const job: AlertChunkJob = { kind: 'alert-chunk', id: `${CRON}#0`, customerId: CUSTOMER, firedAt: FIRED_AT, alerts: ids, correlationId: 'c5a2e6a1-0f3b-4a59-9a57-4f0c1e8d2b7a' };
      return fairJobItem('alert', CUSTOMER, alertChunkOrder(FIRED_AT, CRON, 0), job, FIRED_AT);
    };
    const full = anyItemSize(itemOf(alertIds(ALERT_CHUNK_SIZE)));
    expect(full).toBeGreaterThan(1024);
    expect(full).toBeLessThanOrEqual(2048);
    expect(writeUnits(full, true)).toBe(4);
    // The reference customer's chunks of 20 too (16 alerts would fit in one KB).
    expect(writeUnits(anyItemSize(itemOf(alertIds(20))), true)).toBe(4);
    expect(writeUnits(anyItemSize(itemOf(alertIds(16))), true)).toBe(2);
    // A job of one alert, as each alert was before the chunks.
    const single = fairJobItem('alert', CUSTOMER, `${String(FIRED_AT).padStart(15, '0')}#${alertIds(1)[0]}`, { kind: 'alert', id: alertIds(1)[0], customerId: CUSTOMER, firedAt: FIRED_AT }, FIRED_AT);
    expect(writeUnits(anyItemSize(single), true)).toBe(2);
  });
});

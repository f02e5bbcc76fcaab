import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readMeterCsv, type ReadRow } from '../../../functions/src/services/meter-file-reader';

const rowsOf = async (text: string | string[]): Promise<ReadRow[]> => {
  const rows: ReadRow[] = [];
  for await (const row of readMeterCsv(Readable.from(Array.isArray(text) ? text : [text]), 'Europe/Paris')) rows.push(row);
  return rows;
};

describe('reading a CSV meter file', () => {
  it('skips the header, detects semicolons and decimal commas, and numbers every line', async () => {
    const rows = await rowsOf('\uFEFFtechnical_id;date;value;status\r\nELEC-1;23/11/2026 10:00;125,4\r\nELEC-1;23/11/2026 10:10;126,1;8\r\n\r\nELEC-1;hier;1\r\n');
    expect(rows).toEqual([
      { ok: true, row: { technicalId: 'ELEC-1', at: Date.parse('2026-11-23T09:00:00Z'), value: 125.4, status: '1' }, line: 2 },
      { ok: true, row: { technicalId: 'ELEC-1', at: Date.parse('2026-11-23T09:10:00Z'), value: 126.1, status: '8' }, line: 3 },
      { ok: false, problem: 'date', line: 5 },
    ]);
  });

  it('reads comma-separated ISO rows even when the first line arrives in pieces', async () => {
    const rows = await rowsOf(['EAU-1,2026-11-23T10:', '00:00+01:00,0.5\nEAU-1,2026-11-23T11:00:00+01:00,0.75\n']);
    expect(rows.map((entry) => (entry.ok ? entry.row.value : entry.problem))).toEqual([0.5, 0.75]);
  });

  it('streams: the file is read only a little ahead of the rows used, however long it is', async () => {
    let produced = 0;
    const lines = function* () {
      for (; produced < 200_000; produced += 1) yield `P-${produced % 100};2026-11-23T10:00:00Z;${produced}\n`;
    };
    let consumed = 0;
    let furthestAhead = 0;
    for await (const row of readMeterCsv(Readable.from(lines()), 'Europe/Paris')) {
      if (row.ok) consumed += 1;
      furthestAhead = Math.max(furthestAhead, produced - consumed);
    }
    expect(consumed).toBe(200_000);
    // Back-pressure holds the reader a few buffers ahead, never the whole file.
    expect(furthestAhead).toBeLessThan(5_000);
  }, 60_000);
});

describe('a meter file whose download breaks', () => {
  it('fails the reading with the cause instead of waiting forever', async () => {
    const { Readable: ReadableStream } = await import('node:stream');
    const { readMeterCsv: read } = await import('../../../functions/src/services/meter-file-reader');
    const broken = ReadableStream.from(
      (async function* () {
        yield 'A;01/11/2026 00:00;1\nA;01/11/2026 00:15;2\n';
        await new Promise((resolve) => setTimeout(resolve, 5));
        throw new Error('connection reset by peer');
      })(),
    );
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const row of read(broken, 'Europe/Paris')) if (row.ok) seen.push(row.row.value);
      })(),
    ).rejects.toThrow('connection reset by peer');
    // Rows read before the break were handed over; what the parser still held is dropped with the failed import.
    expect(seen[0]).toBe(1);
  });
});

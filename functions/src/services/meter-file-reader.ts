import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { detectSeparator, isHeader, parseMeterRow, type ParsedRow } from '@shared/imports/meter-file-format';

/** A row of a meter file with the line it was read from (1-based, as a spreadsheet shows it). */
export type ReadRow = ParsedRow & { line: number };

/** The first line of a stream, and the stream again from its start (read on from the same iterator: leaving a for-await would close it). */
const firstLineOf = async (source: Readable): Promise<{ firstLine: string; rest: Readable }> => {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const chunks: Buffer[] = [];
  let seen = '';
  while (!seen.includes('\n')) {
    const next = await iterator.next();
    if (next.done) break;
    const buffer = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    chunks.push(buffer);
    seen += buffer.toString('utf8');
  }
  const replay = Readable.from(
    (async function* () {
      yield* chunks;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    })(),
  );
  return { firstLine: seen.replace(/^\uFEFF/, '').split(/\r?\n/)[0], rest: replay };
};

/**
 * The rows of a CSV meter file, read as a stream (memory does not grow with the file): the
 * separator detected from the first line, a header skipped, every row checked by the format's
 * rules and given its line number.
 */
export async function* readMeterCsv(source: Readable, zone: string): AsyncGenerator<ReadRow> {
  const { firstLine, rest } = await firstLineOf(source);
  const parser = rest.pipe(parse({ delimiter: detectSeparator(firstLine), bom: true, relax_column_count: true, skip_empty_lines: true, relax_quotes: true, info: true }));
  let first = true;
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    if (first) {
      first = false;
      if (isHeader(record)) continue;
    }
    yield { ...parseMeterRow(record, zone), line: info.lines };
  }
}

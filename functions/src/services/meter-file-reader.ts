import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { detectSeparator, isHeader, parseMeterRow, type ParsedRow, type Separator } from '@shared/imports/meter-file-format';

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
export async function* readMeterCsv(source: Readable, zone: string, onSeparator?: (separator: Separator) => void): AsyncGenerator<ReadRow> {
  const { firstLine, rest } = await firstLineOf(source);
  const separator = detectSeparator(firstLine);
  onSeparator?.(separator);
  const parser = rest.pipe(parse({ delimiter: separator, bom: true, relax_column_count: true, skip_empty_lines: true, relax_quotes: true, info: true }));
  // `pipe` does not carry a failure of the source: without this a broken download would leave the reader waiting forever.
  rest.on('error', (error) => parser.destroy(error));
  let first = true;
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    if (first) {
      first = false;
      if (isHeader(record)) continue;
    }
    // The parsed row is new for each record: given its line in place rather than copied (a row's allocations are the import's CPU).
    yield Object.assign(parseMeterRow(record, zone), { line: info.lines });
  }
}

/** A spreadsheet cell as the CSV form would have written it (dates as local wall-clock text, numbers with a point). */
const cellText = (cell: unknown): string => {
  if (cell === null || cell === undefined) return '';
  // Excel dates have no zone: exceljs gives their wall clock as UTC fields.
  if (cell instanceof Date) {
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${pad(cell.getUTCDate())}/${pad(cell.getUTCMonth() + 1)}/${cell.getUTCFullYear()} ${pad(cell.getUTCHours())}:${pad(cell.getUTCMinutes())}:${pad(cell.getUTCSeconds())}`;
  }
  if (typeof cell === 'object') {
    const rich = cell as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (rich.richText) return rich.richText.map((part) => part.text).join('');
    if (rich.result !== undefined) return cellText(rich.result);
    if (rich.text !== undefined) return String(rich.text);
  }
  return String(cell);
};

/**
 * The rows of an XLSX meter file (first worksheet, same columns as the CSV), read as a stream:
 * exceljs's streaming reader keeps one row at a time, not the workbook.
 */
export async function* readMeterXlsx(source: Readable, zone: string): AsyncGenerator<ReadRow> {
  const { default: ExcelJS } = await import('exceljs');
  // Styles are read: they say which numbers are dates.
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(source, { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', entries: 'ignore' });
  let first = true;
  for await (const worksheet of workbook) {
    for await (const row of worksheet as AsyncIterable<{ number: number; values: unknown[] }>) {
      // exceljs numbers columns from 1: values[0] is always empty.
      const columns = (Array.isArray(row.values) ? row.values.slice(1) : []).map(cellText);
      while (columns.length > 0 && columns[columns.length - 1] === '') columns.pop();
      if (columns.length === 0) continue;
      if (first) {
        first = false;
        if (isHeader(columns)) continue;
      }
      yield { ...parseMeterRow(columns, zone), line: row.number };
    }
    break;
  }
}

/** The format a file name says: XLSX, or CSV for anything else (.csv, .txt). */
export const formatOfName = (name: string): 'csv' | 'xlsx' => (/\.xlsx$/i.test(name) ? 'xlsx' : 'csv');

export const readMeterFile = (source: Readable, name: string, zone: string, onSeparator?: (separator: Separator) => void): AsyncGenerator<ReadRow> =>
  formatOfName(name) === 'xlsx' ? readMeterXlsx(source, zone) : readMeterCsv(source, zone, onSeparator);

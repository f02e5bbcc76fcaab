import { dateTimeText } from '../date-text';
import { csvDocument, csvNumber } from '../widgets/csv';
import type { ExportValue } from './evaluate-grid';

export interface ReaderSettings {
  /** `fr` or `en`: decimal comma and yes/no words follow it. */
  language: string;
  /** The customer's zone: dates read in it. */
  zone: string;
}

const YES_NO: Record<string, [string, string]> = { fr: ['oui', 'non'], en: ['yes', 'no'] };

/** A displayed value as text: in a text_format cell and in the CSV file alike. */
export const exportValueText = (value: ExportValue, reader: ReaderSettings): string => {
  if (value === null) return '';
  if (typeof value === 'number') return csvNumber(value, reader.language);
  if (typeof value === 'boolean') return (YES_NO[reader.language] ?? YES_NO.en)[value ? 0 : 1];
  if (typeof value === 'object') return dateTimeText(value.date, reader.zone);
  return value;
};

/** The CSV file of an export: semicolons, a decimal comma in French, the byte order mark so Excel reads accents right. */
export const exportCsv = (values: ExportValue[][], reader: ReaderSettings): string =>
  csvDocument(values.map((row) => row.map((value) => exportValueText(value, reader))));

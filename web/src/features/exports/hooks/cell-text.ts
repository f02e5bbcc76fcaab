import type { TFunction } from 'i18next';
import { dateTimeText } from '@shared/date-text';
import type { ExportValue } from '@shared/exports/evaluate-grid';
import type { ExportCellDefinition } from '@shared/schemas/export';

/** What a cell of the editor says it holds: its text, its point and what is read of it, its formula. */
export const cellSummary = (definition: ExportCellDefinition, pointName: (id: string) => string, t: TFunction): string => {
  switch (definition.type) {
    case 'empty':
      return '';
    case 'text':
    case 'text_format':
      return definition.value;
    case 'point':
      return `${pointName(definition.point_id)} · ${definition.property}`;
    case 'point_data': {
      const offset = definition.offset ? ` −${definition.offset}` : '';
      return `${pointName(definition.point_id)} · ${t(`labels.calculations.${definition.calculation}`)} · ${t(`widgetDialog.labels.samplings.${definition.sampling}`)}${offset}`;
    }
    case 'point_operations':
      return `= ${definition.value}`;
  }
};

/** A displayed value on screen: numbers grouped in the reader's language, dates dd/MM/yyyy HH:mm in the customer's zone. */
export const valueText = (value: ExportValue | undefined, language: string, zone: string, t: TFunction): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return new Intl.NumberFormat(language, { maximumFractionDigits: 6 }).format(value);
  if (typeof value === 'boolean') return t(value ? 'exports.yes' : 'exports.no');
  if (typeof value === 'object') return dateTimeText(value.date, zone);
  return value;
};

import { useTranslation } from 'react-i18next';
import type { WidgetData } from '@shared/schemas/widget-data';
import { statusLabelOf } from '@shared/series/status-labels';
import { frameCsv, rawCsv, type RawColumn } from '@shared/widgets/csv';
import type { DataWidget } from '../api/widget-data';
import { rawColumnsOf } from '@shared/widgets/raw-columns';

export interface WidgetCsv {
  fileName: string;
  build: () => string;
}

/** The CSV a chart or a table exports (spec 1 §9: chart_export.csv, table_export.csv); null for the other types. */
export const useWidgetCsv = (widget: DataWidget, data: WidgetData | null | undefined): WidgetCsv | null => {
  const { t, i18n } = useTranslation();
  const frame = data?.frame ?? null;
  if (widget.type === 'table') {
    const raw: RawColumn[] | null = widget.sampling === 'minute' && data?.raw ? rawColumnsOf(data.raw, frame) : null;
    if (raw) {
      const headers = { date: t('widgets.labels.date'), status: t('widgets.labels.status') };
      return { fileName: 'table_export.csv', build: () => rawCsv(raw, i18n.language, headers, (code) => t(`widgets.status.${statusLabelOf(code)}`)) };
    }
    return frame ? { fileName: 'table_export.csv', build: () => frameCsv(frame, i18n.language, t('widgets.labels.date')) } : null;
  }
  if (widget.type === 'chart' && frame) return { fileName: 'chart_export.csv', build: () => frameCsv(frame, i18n.language, t('widgets.labels.date')) };
  return null;
};

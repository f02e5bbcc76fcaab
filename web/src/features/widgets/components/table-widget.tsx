import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollArea, Table, Text, VisuallyHidden } from '@mantine/core';
import { displayUnit } from '@shared/series/rounding';
import { statusLabelOf } from '@shared/series/status-labels';
import { csvDate } from '@shared/widgets/csv';
import { isSubDaySampling } from '@shared/widgets/bucket-label';
import { frameRows } from '@shared/widgets/frame-rows';
import { rawColumnsOf } from '@shared/widgets/raw-columns';
import { formatValue } from '@shared/widgets/value-format';
import { useRenderedSignal } from '../hooks/use-rendered-signal';
import type { WidgetTypeProps } from './widget-type-props';

interface Cell {
  value: number | null;
  unit: string;
  status?: string;
}

const columnTitle = (name: string, unit: string) => (unit ? `${name} (${displayUnit(unit)})` : name);

/** Buckets × points, rounded for their unit; at minute sampling the raw values with their status (spec 1 §3.4). */
export const TableWidget = ({ widget, data, onRendered }: WidgetTypeProps) => {
  const { t, i18n } = useTranslation();
  useRenderedSignal(onRendered);
  const frame = data?.frame ?? null;
  const table = useMemo(() => {
    if (widget.sampling === 'minute' && data?.raw) {
      const columns = rawColumnsOf(data.raw, frame);
      const byDate = columns.map((column) => new Map(column.rows.map((row) => [row.date, row])));
      const dates = [...new Set(columns.flatMap((column) => column.rows.map((row) => row.date)))].sort((left, right) => Date.parse(left) - Date.parse(right));
      return {
        titles: columns.map((column) => columnTitle(column.name, column.unit)),
        rows: dates.map((date) => ({
          date,
          cells: byDate.map((rows, index): Cell => {
            const row = rows.get(date);
            return { value: row?.value ?? null, unit: columns[index].unit, status: row?.status };
          }),
        })),
      };
    }
    if (!frame) return { titles: [], rows: [] };
    return {
      titles: frame.series.map((series) => columnTitle(series.name, series.unit)),
      rows: frameRows(frame).map((row) => ({ date: row.date, cells: row.values.map((value, index): Cell => ({ value, unit: frame.series[index].unit })) })),
    };
  }, [widget.sampling, data, frame]);
  const withTime = isSubDaySampling(widget.sampling);
  const first = table.rows[0]?.date;
  const last = table.rows[table.rows.length - 1]?.date;
  // Its name for a screen reader (issue 40 §1): the title and the period the rows cover.
  const caption = [
    widget.title,
    first && (first === last ? csvDate(first, withTime) : t('widgets.labels.periodRange', { from: csvDate(first, withTime), to: csvDate(last, withTime) })),
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <ScrollArea h="100%" data-testid="table-widget">
      <Table striped highlightOnHover stickyHeader withColumnBorders fz="xs">
        {caption && <VisuallyHidden component="caption">{caption}</VisuallyHidden>}
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('widgets.labels.date')}</Table.Th>
            {table.titles.map((title, index) => (
              <Table.Th key={index} ta="right">
                {title}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((row) => (
            <Table.Tr key={row.date}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{csvDate(row.date, withTime)}</Table.Td>
              {row.cells.map((cell, index) => (
                <Table.Td key={index} ta="right">
                  {cell.value === null ? '-' : formatValue(cell.value, cell.unit, i18n.language, false)}
                  {cell.status !== undefined && (
                    <Text span size="xs" c="dimmed" ml={6} data-status={cell.status}>
                      {t(`widgets.status.${statusLabelOf(cell.status)}`)}
                    </Text>
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
};

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Menu, ScrollArea, Table, Text, UnstyledButton } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { cellReference, columnLetter, type CellPosition } from '@shared/exports/cell-reference';
import type { ExportGrid as Grid } from '@shared/schemas/export';
import classes from './export-grid.module.css';

export interface GridShapeActions {
  addColumnAfter: (column: number) => void;
  deleteColumn: (column: number) => void;
  addRowAfter: (row: number) => void;
  deleteRow: (row: number) => void;
}

export interface ExportGridProps {
  grid: Grid;
  /** What a cell shows: its value (read view) or what it holds (editor). */
  content: (position: CellPosition) => ReactNode;
  selected: CellPosition | null;
  onSelect: (position: CellPosition) => void;
  /** Given in the editor: the column letters and row numbers open their menus. */
  shape?: GridShapeActions;
}

/**
 * The grid of an export as a spreadsheet shows it: columns A–Z, rows from 1, one chosen cell. It
 * scrolls inside the window, never taller than the window less 110 px (spec 2 §9).
 */
export const ExportGrid = ({ grid, content, selected, onSelect, shape }: ExportGridProps) => {
  const { t } = useTranslation();
  const columns = grid[0]?.length ?? 0;
  const headerMenu = (label: string, items: { label: string; onClick: () => void; color?: string; testId: string }[]) => (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" size="xs" color="gray" aria-label={label}>
          <IconDots size={12} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item key={item.testId} color={item.color} onClick={item.onClick} data-testid={item.testId}>
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
  return (
    <ScrollArea.Autosize mah="calc(100vh - 110px)" type="auto" offsetScrollbars="present" className={classes.frame} data-testid="export-grid">
      <Table withColumnBorders withRowBorders stickyHeader className={classes.table} layout="fixed" miw={48 + columns * 132}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.corner} />
            {Array.from({ length: columns }, (_, column) => (
              <Table.Th key={column} className={classes.columnHeader} data-testid="export-column">
                <span>{columnLetter(column)}</span>
                {shape &&
                  headerMenu(columnLetter(column), [
                    { label: t('exports.buttons.addColumnAfter'), onClick: () => shape.addColumnAfter(column), testId: `add-column-after-${columnLetter(column)}` },
                    { label: t('exports.buttons.deleteColumn'), onClick: () => shape.deleteColumn(column), color: 'red', testId: `delete-column-${columnLetter(column)}` },
                  ])}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {grid.map((row, rowIndex) => (
            <Table.Tr key={rowIndex}>
              <Table.Th className={classes.rowHeader}>
                <span>{rowIndex + 1}</span>
                {shape &&
                  headerMenu(String(rowIndex + 1), [
                    { label: t('exports.buttons.addRowAfter'), onClick: () => shape.addRowAfter(rowIndex), testId: `add-row-after-${rowIndex + 1}` },
                    { label: t('exports.buttons.deleteRow'), onClick: () => shape.deleteRow(rowIndex), color: 'red', testId: `delete-row-${rowIndex + 1}` },
                  ])}
              </Table.Th>
              {row.map((_, column) => {
                const position = { row: rowIndex, column };
                const isSelected = selected?.row === rowIndex && selected.column === column;
                const shown = content(position);
                const empty = typeof shown === 'string' ? shown.trim() === '' : shown === null || shown === undefined || shown === false;
                return (
                  <Table.Td key={column} className={classes.cell} data-selected={isSelected || undefined} data-testid="export-cell" data-cell={cellReference(position)}>
                    {/* Named by what it shows (WCAG 2.5.3), the column and row headers giving its reference; an empty cell by its reference. */}
                    <UnstyledButton className={classes.cellButton} onClick={() => onSelect(position)} aria-label={empty ? cellReference(position) : undefined} aria-pressed={isSelected}>
                      <Text size="xs" truncate>
                        {shown}
                      </Text>
                    </UnstyledButton>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
};

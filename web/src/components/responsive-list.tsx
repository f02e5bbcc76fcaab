import type { ReactNode } from 'react';
import { Card, Group, Stack, Table, type TableTdProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '@shared/constants';

export interface ListColumn<Item> {
  header: ReactNode;
  cell: (item: Item) => ReactNode;
  /** What the table cell needs beyond its content (a width, no wrapping, a test id). */
  td?: TableTdProps & Record<`data-${string}`, string>;
}

export interface ResponsiveListProps<Item> {
  items: readonly Item[];
  keyOf: (item: Item) => string;
  /** What each row and each card carries: test ids, data ids, a dimming. */
  itemProps: (item: Item) => Record<`data-${string}`, string> & { opacity?: number };
  /** The table's columns on wide screens; the actions come last, in a column of their own. */
  columns: readonly ListColumn<Item>[];
  actions: (item: Item) => ReactNode;
  /** The card of a phone: its title beside the actions, then the rest. */
  cardTitle: (item: Item) => ReactNode;
  cardBody: (item: Item) => ReactNode;
  tableTestId: string;
  /** Below this width the table scrolls sideways rather than squeezing its columns. */
  minTableWidth: number;
}

/** A list of a settings screen: a table on wide screens, one card per item on phones. */
export const ResponsiveList = <Item,>({ items, keyOf, itemProps, columns, actions, cardTitle, cardBody, tableTestId, minTableWidth }: ResponsiveListProps<Item>) => {
  const phone = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, false, { getInitialValueInEffect: false });
  if (phone)
    return (
      <Stack gap="sm">
        {items.map((item) => (
          <Card key={keyOf(item)} withBorder padding="sm" {...itemProps(item)}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                {cardTitle(item)}
                {actions(item)}
              </Group>
              {cardBody(item)}
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={minTableWidth}>
      <Table highlightOnHover verticalSpacing="xs" fz="sm" data-testid={tableTestId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              <Table.Th key={index}>{column.header}</Table.Th>
            ))}
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={keyOf(item)} {...itemProps(item)}>
              {columns.map((column, index) => (
                <Table.Td key={index} {...column.td}>
                  {column.cell(item)}
                </Table.Td>
              ))}
              <Table.Td>{actions(item)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

import { useEffect, useId, useState, type ReactNode } from 'react';
import { Combobox, InputBase, Loader, Text, useVirtualizedCombobox, VisuallyHidden } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';

const ROW_HEIGHT_PX = 36;
const LIST_MAX_HEIGHT_PX = 288;
const OVERSCAN_ROWS = 6;
/** The next page is asked for when the list shows a row this close to its end. */
const LOAD_MORE_WITHIN_ROWS = 10;

export interface VirtualComboboxProps<Item> {
  label: string;
  /** The label is read by screen readers only (a picker in a table cell, under a header that says the same). */
  hideLabel?: boolean;
  items: readonly Item[];
  keyOf: (item: Item) => string;
  /** The option's text: its accessible name, and what the input shows once it is the value. */
  labelOf: (item: Item) => string;
  renderItem?: (item: Item) => ReactNode;
  search: string;
  onSearchChange: (search: string) => void;
  onPick: (item: Item) => void;
  /** The current value's text, shown while the list is closed; none for a picker that clears itself once it has handed an item over. */
  valueLabel?: string | null;
  /** Shown when the list is empty and nothing is coming: a translated 'no result'. */
  nothingFound: string;
  /** A search or a page is on its way. */
  loading?: boolean;
  /** More items than those listed: the next page is asked for as the list nears its end. */
  hasMore?: boolean;
  onEndReached?: () => void;
  /** The list opens (a picker that asks the server for its items may wait for this). */
  onOpen?: () => void;
  placeholder?: string;
  description?: string;
  error?: ReactNode;
  withAsterisk?: boolean;
  disabled?: boolean;
  testId?: string;
  /** False inside a popover, whose outside clicks would otherwise close it when an option is picked. */
  withinPortal?: boolean;
}

/**
 * A searchable single choice whose list draws only the rows in view (and a few around), however
 * many items it holds: the keyboard moves through every item (the list scrolls to it), and the
 * last rows ask for the next page. The caller filters (usually on the server); this draws.
 */
export const VirtualCombobox = <Item,>({
  label,
  hideLabel = false,
  items,
  keyOf,
  labelOf,
  renderItem,
  search,
  onSearchChange,
  onPick,
  valueLabel,
  nothingFound,
  loading = false,
  hasMore = false,
  onEndReached,
  onOpen,
  placeholder,
  description,
  error,
  withAsterisk,
  disabled,
  testId,
  withinPortal = true,
}: VirtualComboboxProps<Item>) => {
  const idBase = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const optionId = (item: Item) => `${idBase}-option-${keyOf(item).replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  const [opened, setOpened] = useState(false);
  // The highlighted item is remembered by its key: a new answer keeps it highlighted wherever it moves.
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const selectedIndex = selectedKey === null ? -1 : items.findIndex((item) => keyOf(item) === selectedKey);
  // The list is held in state, not a ref: the dropdown mounts it after the render that opened it, and
  // the virtualizer must render again once it exists, or an open list may stay empty until something else changes.
  const [listElement, setListElement] = useState<HTMLDivElement | null>(null);

  const pick = (item: Item | undefined) => {
    if (!item) return;
    onPick(item);
    onSearchChange('');
    setSelectedKey(null);
    setOpened(false);
  };

  const store = useVirtualizedCombobox({
    opened,
    onOpenedChange: (next) => {
      setOpened(next);
      if (next) onOpen?.();
    },
    onDropdownClose: () => setSelectedKey(null),
    totalOptionsCount: items.length,
    getOptionId: (index) => (items[index] ? optionId(items[index]) : null),
    selectedOptionIndex: selectedIndex,
    setSelectedOptionIndex: (index) => setSelectedKey(items[index] ? keyOf(items[index]) : null),
    onSelectedOptionSubmit: (index) => pick(items[index]),
    loop: false,
  });

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => listElement,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: OVERSCAN_ROWS,
    enabled: opened,
  });
  const rows = virtualizer.getVirtualItems();
  const lastShown = rows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (opened && selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [opened, selectedIndex, virtualizer]);

  useEffect(() => {
    if (opened && hasMore && lastShown >= items.length - LOAD_MORE_WITHIN_ROWS) onEndReached?.();
  }, [opened, hasMore, lastShown, items.length, onEndReached]);

  const byKey = new Map(items.map((item) => [keyOf(item), item]));
  const shownText = opened || valueLabel === undefined || valueLabel === null ? search : valueLabel;

  return (
    <Combobox store={store} onOptionSubmit={(key) => pick(byKey.get(key))} withinPortal={withinPortal}>
      <Combobox.Target targetType="input" withExpandedAttribute>
        <InputBase
          label={hideLabel ? <VisuallyHidden>{label}</VisuallyHidden> : label}
          description={description}
          error={error}
          withAsterisk={withAsterisk}
          disabled={disabled}
          placeholder={opened && valueLabel ? valueLabel : placeholder}
          value={shownText}
          onChange={(event) => {
            onSearchChange(event.currentTarget.value);
            setSelectedKey(null);
            store.openDropdown();
          }}
          onClick={() => store.openDropdown()}
          onFocus={() => store.openDropdown()}
          onBlur={() => {
            store.closeDropdown();
            if (valueLabel !== undefined) onSearchChange('');
          }}
          rightSection={loading ? <Loader size={16} /> : <Combobox.Chevron />}
          rightSectionPointerEvents="none"
          autoComplete="off"
          data-testid={testId}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        {/* The listbox scrolls itself, as a combobox's popup may (the keyboard stays in the input); a press on its scrollbar keeps the focus there. */}
        <Combobox.Options
          ref={setListElement}
          onMouseDown={(event) => event.preventDefault()}
          style={{ maxHeight: LIST_MAX_HEIGHT_PX, overflowY: 'auto' }}
          data-testid={testId ? `${testId}-list` : undefined}
        >
          {items.length === 0 ? (
            <Combobox.Empty>{loading ? <Loader size={16} /> : nothingFound}</Combobox.Empty>
          ) : (
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {rows.map((row) => {
                const item = items[row.index];
                return (
                  <Combobox.Option
                    key={keyOf(item)}
                    value={keyOf(item)}
                    id={optionId(item)}
                    selected={row.index === selectedIndex}
                    aria-selected={row.index === selectedIndex}
                    aria-setsize={hasMore ? -1 : items.length}
                    aria-posinset={row.index + 1}
                    data-index={row.index}
                    ref={virtualizer.measureElement}
                    style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start}px)` }}
                  >
                    {renderItem ? renderItem(item) : <Text size="sm">{labelOf(item)}</Text>}
                  </Combobox.Option>
                );
              })}
            </div>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
};

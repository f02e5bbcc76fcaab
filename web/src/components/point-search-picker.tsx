import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Text } from '@mantine/core';
import { foldText } from '@shared/api/paging';
import { usePointSearch, type SearchedPoint } from '../lib/point-search';
import { VirtualCombobox } from './virtual-combobox';

/** A point's name, technical id and locations, as pickers list it. */
export const searchedPointLabel = (point: SearchedPoint): string =>
  [`${point.name} (${point.technical_id})`, point.locations_name.join(', ')].filter(Boolean).join(' — ');

const holds = (point: SearchedPoint, words: readonly string[]) => {
  const text = foldText(searchedPointLabel(point));
  return words.every((word) => text.includes(word));
};

export interface PointSearchPickerProps {
  label: string;
  /** The label is read by screen readers only: the picker sits under a column header that says the same. */
  hideLabel?: boolean;
  onPick: (point: SearchedPoint) => void;
  /** The chosen point's text while the list is closed; leave out for a picker that clears itself once it has handed a point over. */
  valueLabel?: string | null;
  /** Points not to offer (those already chosen). */
  exclude?: ReadonlySet<string>;
  labelOf?: (point: SearchedPoint) => string;
  placeholder?: string;
  description?: string;
  error?: ReactNode;
  withAsterisk?: boolean;
  disabled?: boolean;
  testId?: string;
  withinPortal?: boolean;
}

/**
 * Every point the user may see, searched by the server as the user types (a page at a time, more
 * as the list scrolls), drawn a few rows at a time. While an answer is on its way, the previous
 * one stays listed, narrowed to what is typed.
 */
export const PointSearchPicker = ({ label, onPick, valueLabel, exclude, labelOf = searchedPointLabel, testId, ...input }: PointSearchPickerProps) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  // The server is asked once the list has been opened (a dialog's or a table's pickers ask nothing until used).
  const [active, setActive] = useState(false);
  const found = usePointSearch(search, active);
  const items = useMemo(() => {
    const words = found.settled ? [] : foldText(search.trim()).split(/\s+/).filter(Boolean);
    return found.points.filter((point) => !exclude?.has(point._id) && holds(point, words));
  }, [found.points, found.settled, search, exclude]);
  return (
    <VirtualCombobox
      {...input}
      label={label}
      items={items}
      keyOf={(point) => point._id}
      labelOf={labelOf}
      renderItem={(point) => <Text size="sm">{labelOf(point)}</Text>}
      search={search}
      onSearchChange={setSearch}
      onPick={onPick}
      valueLabel={valueLabel}
      nothingFound={found.failed ? t('pointPicker.errors.searchFailed') : t('pointPicker.hints.noResult')}
      loading={active && (found.loading || !found.settled)}
      hasMore={found.hasMore}
      onEndReached={found.loadMore}
      onOpen={() => setActive(true)}
      testId={testId}
    />
  );
};

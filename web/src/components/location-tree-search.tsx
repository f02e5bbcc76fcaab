import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseButton, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { locationMatcher, type SearchableLocation } from '../lib/location-search';
import { openTreeRows, searchTreeRows, type TreeNodeLike, type TreeRow } from '../lib/tree-rows';

/** A tree of more locations than this offers a search (a small one is read at a glance). */
export const TREE_SEARCH_FROM = 20;
/** A tree of more locations than this opens with its branches closed, but for the way to the current one. */
export const TREE_OPEN_UP_TO = 40;

type Node<T> = TreeNodeLike<T> & SearchableLocation;

const countNodes = <T extends Node<T>>(nodes: readonly T[]): number => nodes.reduce((sum, node) => sum + 1 + countNodes(node.children ?? []), 0);

/**
 * The rows a location tree draws: its open branches, or under a search the locations whose name,
 * denomination or address answer it, with the way down to them. Branches open by default in a small
 * tree, closed in a large one (or always, `closed`); `openPath` (the current location's ancestors) starts open.
 */
export const useLocationTreeRows = <T extends Node<T>>(roots: readonly T[], { openPath = [], closed = false }: { openPath?: readonly string[]; closed?: boolean } = {}) => {
  const size = useMemo(() => countNodes(roots), [roots]);
  const openByDefault = !closed && size <= TREE_OPEN_UP_TO;
  // The branches whose state differs from the default.
  const [flipped, setFlipped] = useState<ReadonlySet<string>>(() => (openByDefault ? new Set() : new Set(openPath)));
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const searching = deferredQuery.trim().length > 0;
  const isOpen = (id: string) => openByDefault !== flipped.has(id);
  const rows: TreeRow<T>[] = useMemo(
    () => (searching ? searchTreeRows(roots, locationMatcher(deferredQuery)) : openTreeRows(roots, (id) => openByDefault !== flipped.has(id))),
    [roots, searching, deferredQuery, flipped, openByDefault],
  );
  const toggle = (id: string) =>
    setFlipped((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  /** Opens the branches down to a location (one chosen from a search, or by a link). */
  const reveal = (ids: readonly string[]) =>
    setFlipped((current) => {
      if (ids.every((id) => openByDefault !== current.has(id))) return current;
      const next = new Set(current);
      for (const id of ids) {
        if (openByDefault) next.delete(id);
        else next.add(id);
      }
      return next;
    });
  const found = useMemo(() => rows.filter((row) => row.matched).length, [rows]);
  return { rows, size, searchable: size > TREE_SEARCH_FROM, query, setQuery, searching, found, isOpen, toggle, reveal };
};

/** The search box of a location tree, and what it found. */
export const LocationTreeSearch = ({ query, onChange, found, searching, testId }: { query: string; onChange: (query: string) => void; found: number; searching: boolean; testId: string }) => {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        size="xs"
        aria-label={t('labels.locationTree.search')}
        placeholder={t('hints.locationTree.searchPlaceholder')}
        leftSection={<IconSearch size={14} />}
        value={query}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && query) {
            event.stopPropagation();
            onChange('');
          }
        }}
        rightSection={query ? <CloseButton size="sm" aria-label={t('buttons.locationTree.clearSearch')} onClick={() => onChange('')} /> : null}
        data-testid={testId}
      />
      {searching && (
        <Text size="xs" c="dimmed" aria-live="polite" data-testid={`${testId}-found`}>
          {found === 0 ? t('hints.locationTree.noResult', { query: query.trim() }) : t('hints.locationTree.found', { count: found })}
        </Text>
      )}
    </>
  );
};

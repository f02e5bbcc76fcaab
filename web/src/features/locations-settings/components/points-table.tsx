import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Group, List, Loader, Menu, Progress, ScrollArea, Stack, Table, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconArrowMerge,
  IconArrowsMove,
  IconChevronDown,
  IconCircleCheck,
  IconCircleOff,
  IconEye,
  IconEyeOff,
  IconListCheck,
  IconMathFunction,
  IconMapPinOff,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { dateTimeText } from '@shared/date-text';
import type { LocationTreeNode } from '@shared/schemas/location';
import type { Point } from '@shared/schemas/point';
import { MAX_MERGED_POINTS } from '@shared/schemas/point-requests';
import { notify } from '../../../lib/notify';
import {
  deletePoints,
  mergePoints,
  movePoints,
  readEveryPointOfSelection,
  savePoint,
  setPointsHiddenOnMap,
  SETTINGS_KEYS,
  WITHOUT_LOCATION,
  ALL_LOCATIONS,
  type Selection,
} from '../api/locations-and-points';
import { notifyFailure } from '../hooks/error-text';
import { findInTree, subtreeIds } from '../hooks/location-tree';
import { toPointInput } from '../hooks/point-form';
import classes from './points-table.module.css';
import { MoveMergeDialog, NONE } from './move-merge-dialog';

/** A selection's points up to this many are drawn whole; from this many, only the rows in view (and a few around) are. */
export const VIRTUALISE_FROM_ROWS = 150;
const ROW_ESTIMATE_PX = 41;
const OVERSCAN_ROWS = 12;
const COLUMNS = 9;

/** dd/MM/yyyy HH:mm, the spec's date format with the time of the last value. */
export const formatDateTime = (iso: string | null): string => (iso ? dateTimeText(iso) : '—');

/** The height of the rows not drawn, above or below those in view. */
const SpacerRow = ({ height }: { height: number }) => (
  <tr aria-hidden="true" style={{ height }}>
    <td colSpan={COLUMNS} style={{ padding: 0, border: 0 }} />
  </tr>
);

export const PointsTable = ({
  points,
  loading,
  hasMore = false,
  onEndReached,
  selection,
  search = '',
  roots,
  activePointId,
  onOpen,
  onCreate,
}: {
  points: Point[];
  loading: boolean;
  /** More points than those listed: the next page is asked for as the table is scrolled near its end. */
  hasMore?: boolean;
  onEndReached?: () => void;
  selection: Selection;
  /** The search the points were asked with: 'select all' takes every point of the selection it matches, listed or not. */
  search?: string;
  roots: LocationTreeNode[];
  activePointId: string | null;
  onOpen: (point: Point) => void;
  onCreate: () => void;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<'move' | 'merge' | null>(null);
  const [dialogTarget, setDialogTarget] = useState<string | null>(null);
  // 'Select all' over a list with more pages reads every point that matches (a page of 500 at a time), then ticks them.
  const [everyMatching, setEveryMatching] = useState<{ search: string; points: Point[] } | null>(null);
  const [readCount, setReadCount] = useState<number | null>(null);
  // How far a bulk action has gone, point by point.
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const wholeSelection = everyMatching !== null && everyMatching.search === search;
  const matching = wholeSelection ? everyMatching.points : points;
  const ids = useMemo(() => new Set(matching.map((point) => point._id)), [matching]);
  // Ticks of points that left the list do not count.
  const selected = useMemo(() => matching.filter((point) => checked.has(point._id)), [matching, checked]);
  const allChecked = matching.length > 0 && selected.length === matching.length && (wholeSelection || !hasMore);

  // Long lists scroll with the page: the virtualizer needs where the rows start in it, which the panels above move.
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const virtualised = points.length >= VIRTUALISE_FROM_ROWS;
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const top = bodyRef.current ? bodyRef.current.getBoundingClientRect().top + window.scrollY : 0;
    if (Math.abs(top - scrollMargin) > 1) setScrollMargin(top);
  });
  const virtualizer = useWindowVirtualizer({ count: points.length, estimateSize: () => ROW_ESTIMATE_PX, overscan: OVERSCAN_ROWS, scrollMargin, enabled: virtualised });
  const rows = virtualised ? virtualizer.getVirtualItems() : points.map((_, index) => ({ index, start: 0, end: 0 }));
  const spaceAbove = virtualised && rows.length > 0 ? rows[0].start - scrollMargin : 0;
  const lastDrawn = rows.length > 0 ? rows[rows.length - 1].index : -1;
  useEffect(() => {
    if (hasMore && lastDrawn >= points.length - OVERSCAN_ROWS * 2) onEndReached?.();
  }, [hasMore, lastDrawn, points.length, onEndReached]);
  const spaceBelow = virtualised && rows.length > 0 ? virtualizer.getTotalSize() - (rows[rows.length - 1].end - scrollMargin) : 0;

  const refresh = () => queryClient.invalidateQueries({ queryKey: SETTINGS_KEYS.allPoints });
  const toggle = (id: string) =>
    setChecked((current) => {
      const next = new Set([...current].filter((value) => ids.has(value)));
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const bulk = useMutation({
    mutationFn: async (run: () => Promise<unknown>) => run(),
    onSettled: () => {
      setProgress(null);
      // What was read for 'select all' is out of date once changed: the selection starts again from the list.
      if (everyMatching) {
        setEveryMatching(null);
        setChecked(new Set());
      }
      return refresh();
    },
  });

  const selectEveryMatching = async () => {
    const asked = search;
    setReadCount(0);
    try {
      const every = await readEveryPointOfSelection(selection, asked, setReadCount);
      setEveryMatching({ search: asked, points: every });
      setChecked(new Set(every.map((point) => point._id)));
    } catch (error) {
      notifyFailure(error);
    } finally {
      setReadCount(null);
    }
  };

  const toggleAll = () => {
    if (allChecked) setChecked(new Set());
    else if (hasMore && !wholeSelection) void selectEveryMatching();
    else setChecked(new Set(matching.map((point) => point._id)));
  };

  const setHidden = (hidden: boolean) =>
    bulk.mutate(
      async () => {
        const changed = selected.filter((point) => point.hide_on_maplytics !== hidden).map((point) => point._id);
        await setPointsHiddenOnMap(changed, hidden, (done) => setProgress({ done, total: changed.length }));
      },
      {
        onSuccess: () =>
          notify({ kind: 'success', title: t('toasts.ok'), message: t(hidden ? 'toasts.points_hidden' : 'toasts.points_shown', { count: selected.length }) }),
        onError: notifyFailure,
      },
    );

  const selectByState = (active: boolean) => setChecked(new Set(matching.filter((point) => point.active === active).map((point) => point._id)));

  /**
   * 'Move to…' takes the points out of the location(s) they have inside the current selection and
   * into the target (or out of any location). Points are grouped by the location they leave, one
   * position call per group; a point leaving several locations at once is saved with its new list.
   */
  const runMove = () => {
    const target = dialogTarget === NONE ? null : dialogTarget;
    const scope: ReadonlySet<string> | null =
      selection === ALL_LOCATIONS || selection === WITHOUT_LOCATION
        ? null
        : (() => {
            const entry = findInTree(roots, selection);
            return entry ? subtreeIds(entry.location) : new Set([selection]);
          })();
    bulk.mutate(
      async () => {
        const groups = new Map<string | null, string[]>();
        let done = 0;
        for (const point of selected) {
          const leaving = point.location.filter((id) => id !== target && (scope === null || scope.has(id)));
          if (leaving.length <= 1) {
            const current = leaving[0] ?? null;
            groups.set(current, [...(groups.get(current) ?? []), point._id]);
          } else {
            const kept = point.location.filter((id) => !leaving.includes(id) && id !== target);
            setProgress({ done: done++, total: selected.length });
            await savePoint({ ...toPointInput(point), location: target ? [...kept, target] : kept });
          }
        }
        for (const [current, ids] of groups) {
          setProgress({ done, total: selected.length });
          await movePoints(ids, target, current);
          done += ids.length;
        }
      },
      {
        onSuccess: () => {
          notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.points_moved', { count: selected.length }) });
          setDialog(null);
          setChecked(new Set());
        },
        onError: notifyFailure,
      },
    );
  };

  // The merge dialog is its own confirmation: it says what happens to the merged points.
  const runMerge = () => {
    const target = points.find((point) => point._id === dialogTarget);
    if (!target) return;
    const sources = selected.filter((point) => point._id !== target._id);
    bulk.mutate(() => mergePoints(sources.map((point) => point._id), target._id), {
      onSuccess: () => {
        notify({ kind: 'info', title: t('toasts.info'), message: t('toasts.merge_launched') });
        setDialog(null);
        setChecked(new Set());
      },
      onError: notifyFailure,
    });
  };

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('labels.confirm.title'),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('hints.points.deleteConfirm', { count: selected.length })}</Text>
          <List size="sm">
            {selected.slice(0, 10).map((point) => (
              <List.Item key={point._id}>{point.name}</List.Item>
            ))}
          </List>
        </Stack>
      ),
      labels: { confirm: t('buttons.delete'), cancel: t('buttons.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        bulk.mutate(
          async () => {
            const ids = selected.map((point) => point._id);
            const { usedBy } = await deletePoints(ids, (done) => setProgress({ done, total: ids.length }));
            for (const kept of usedBy) {
              notify({
                kind: 'warning',
                title: t('errors.titles.sorry'),
                message: t('errors.point_used_by', { name: kept.name, points: kept.used_by.map((other) => other.name).join(', ') }),
                autoClose: 10_000,
              });
            }
          },
          {
            onSuccess: () => {
              notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.points_deleted') });
              setChecked(new Set());
            },
            onError: notifyFailure,
          },
        ),
    });

  const mergeSources = selected.filter((point) => point._id !== dialogTarget);
  // A merge folds at most MAX_MERGED_POINTS points into one more: the menu says so rather than only greying the action.
  const tooManyToMerge = selected.length > MAX_MERGED_POINTS + 1;

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button variant="default" size="xs" leftSection={<IconListCheck size={16} />} rightSection={<IconChevronDown size={14} />}>
                {t('buttons.selectByState')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconCircleCheck size={16} />} onClick={() => selectByState(true)}>
                {t('buttons.selectActive')}
              </Menu.Item>
              <Menu.Item leftSection={<IconCircleOff size={16} />} onClick={() => selectByState(false)}>
                {t('buttons.selectInactive')}
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item onClick={() => setChecked(new Set())}>{t('buttons.selectNone')}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Menu position="bottom-start" withinPortal disabled={selected.length === 0}>
            <Menu.Target>
              <Button
                variant="default"
                size="xs"
                disabled={selected.length === 0}
                loading={bulk.isPending}
                rightSection={<IconChevronDown size={14} />}
                data-testid="bulk-actions"
              >
                {t('buttons.bulkActions', { count: selected.length })}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconEyeOff size={16} />} onClick={() => setHidden(true)}>
                {t('buttons.hideOnMap')}
              </Menu.Item>
              <Menu.Item leftSection={<IconEye size={16} />} onClick={() => setHidden(false)}>
                {t('buttons.showOnMap')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconArrowsMove size={16} />}
                onClick={() => {
                  setDialogTarget(null);
                  setDialog('move');
                }}
              >
                {t('buttons.moveToLocation')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconArrowMerge size={16} />}
                disabled={tooManyToMerge}
                aria-describedby={tooManyToMerge ? 'merge-limit-hint' : undefined}
                onClick={() => {
                  setDialogTarget(null);
                  setDialog('merge');
                }}
              >
                {t('buttons.mergeInto')}
                {tooManyToMerge && (
                  <Text id="merge-limit-hint" size="xs" c="dimmed" data-testid="merge-limit-hint">
                    {t('hints.points.mergeLimit', { count: MAX_MERGED_POINTS })}
                  </Text>
                )}
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={confirmDelete}>
                {t('buttons.delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        <Button size="xs" leftSection={<IconPlus size={16} />} onClick={onCreate} data-testid="add-point">
          {t('buttons.addPoint')}
        </Button>
      </Group>

      {readCount !== null && (
        <Group gap="xs" role="status" data-testid="select-all-reading">
          <Loader size="xs" />
          <Text size="sm">{t('hints.points.readingMatching', { count: readCount })}</Text>
        </Group>
      )}
      {wholeSelection && allChecked && (
        <Text size="sm" role="status" data-testid="every-matching-selected">
          {t('hints.points.everyMatchingSelected', { count: selected.length })}
        </Text>
      )}
      {progress && (
        <Stack gap={4} data-testid="bulk-progress">
          <Progress value={(progress.done / Math.max(progress.total, 1)) * 100} aria-label={t('hints.points.bulkProgress', progress)} />
          <Text size="xs" c="dimmed" role="status">
            {t('hints.points.bulkProgress', progress)}
          </Text>
        </Stack>
      )}

      <ScrollArea type="auto">
        <Table
          highlightOnHover
          verticalSpacing={6}
          horizontalSpacing="xs"
          fz="sm"
          miw={720}
          data-testid="points-table"
          className={classes.table}
          aria-rowcount={virtualised ? points.length + 1 : undefined}
          data-rows={points.length}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36}>
                <Checkbox
                  aria-label={t('buttons.selectAll')}
                  checked={allChecked}
                  indeterminate={selected.length > 0 && !allChecked}
                  disabled={readCount !== null}
                  onChange={toggleAll}
                />
              </Table.Th>
              <Table.Th>{t('labels.point.name')}</Table.Th>
              <Table.Th>{t('labels.point.technicalId')}</Table.Th>
              <Table.Th>{t('labels.point.resource')}</Table.Th>
              <Table.Th>{t('labels.point.seriesType')}</Table.Th>
              <Table.Th>{t('labels.point.unit')}</Table.Th>
              <Table.Th>{t('labels.point.active')}</Table.Th>
              <Table.Th>
                <Tooltip label={t('labels.point.hiddenOnMap')} withArrow>
                  <span style={{ display: 'inline-flex' }}>
                    <IconMapPinOff size={16} aria-label={t('labels.point.hiddenOnMap')} />
                  </span>
                </Tooltip>
              </Table.Th>
              <Table.Th>{t('labels.point.lastDataDate')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody ref={bodyRef}>
            {spaceAbove > 0 && <SpacerRow height={spaceAbove} />}
            {rows.map(({ index }) => {
              const point = points[index];
              return (
                <Table.Tr
                  key={point._id}
                  ref={virtualised ? virtualizer.measureElement : undefined}
                  data-index={index}
                  aria-rowindex={virtualised ? index + 2 : undefined}
                  onClick={() => onOpen(point)}
                  style={{ cursor: 'pointer' }}
                  bg={point._id === activePointId ? 'var(--mantine-color-blue-light)' : undefined}
                  data-point-id={point._id}
                >
                  <Table.Td onClick={(event) => event.stopPropagation()}>
                    <Checkbox aria-label={point.name} checked={checked.has(point._id)} onChange={() => toggle(point._id)} />
                  </Table.Td>
                  <Table.Td miw={170}>
                    <Group gap={8} wrap="nowrap">
                      <span style={{ width: 10, height: 10, borderRadius: 5, background: point.default_color, flexShrink: 0 }} />
                      <Text size="sm" fw={500}>
                        {point.name}
                      </Text>
                      {point.calculation && point.calculation.formula.trim() !== '' && (
                        <Tooltip label={`${t('labels.point.calculated')} : ${point.calculation.formula}`} withArrow>
                          <span style={{ display: 'inline-flex', flexShrink: 0 }}>
                            <IconMathFunction size={16} color="var(--mantine-color-grape-6)" aria-label={t('labels.point.calculated')} />
                          </span>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace">
                      {point.technical_id}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`labels.resources.${point.resource}`)}</Table.Td>
                  <Table.Td>{t(`labels.seriesTypes.${point.series_type}`)}</Table.Td>
                  <Table.Td>{point.unit || '—'}</Table.Td>
                  <Table.Td>
                    <Tooltip label={t(point.active ? 'labels.point.activeYes' : 'labels.point.activeNo')} withArrow>
                      {point.active ? (
                        <IconCircleCheck size={18} color="var(--mantine-color-green-6)" aria-label={t('labels.point.activeYes')} />
                      ) : (
                        <IconCircleOff size={18} color="var(--mantine-color-gray-5)" aria-label={t('labels.point.activeNo')} />
                      )}
                    </Tooltip>
                  </Table.Td>
                  <Table.Td>
                    {point.hide_on_maplytics ? (
                      <IconEyeOff size={16} color="var(--mantine-color-gray-6)" aria-label={t('labels.point.hiddenOnMap')} />
                    ) : (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={point.last_data_date ? undefined : 'dimmed'}>
                      {formatDateTime(point.last_data_date)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
            {spaceBelow > 0 && <SpacerRow height={spaceBelow} />}
          </Table.Tbody>
        </Table>
        {!loading && points.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="lg">
            {t('hints.points.none')}
          </Text>
        )}
      </ScrollArea>

      <MoveMergeDialog
        mode={dialog}
        count={selected.length}
        points={points}
        roots={roots}
        target={dialogTarget}
        onTarget={setDialogTarget}
        mergeSources={mergeSources.length}
        pending={bulk.isPending}
        onClose={() => setDialog(null)}
        onConfirm={dialog === 'merge' ? runMerge : runMove}
      />
    </Stack>
  );
};

import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Flex, Grid, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { CellPosition } from '@shared/exports/cell-reference';
import { addColumnAfter, addRowAfter, deleteColumn, deleteRow, setCell, type GridChange } from '@shared/exports/grid';
import { emptyExportGrid, EXPORT_FILE_TYPES, type Export, type ExportCellDefinition, type ExportFileType, type ExportGrid as CellGrid } from '@shared/schemas/export';
import { AddressListInput } from '../../../components/address-list-input';
import { FormActions } from '../../../components/form-actions';
import { SwitchField } from '../../../components/switch-field';
import { notify } from '../../../lib/notify';
import { useSave } from '../../../lib/use-save';
import { useKnownPoints } from '../../../lib/point-search';
import { cellValue, createExport, EXPORT_KEYS, updateExport, type ExportViewSettings } from '../api/exports';
import { cellSummary, valueText } from '../hooks/cell-text';
import { notifyExportFailure } from '../hooks/notify-export-failure';
import { CellEditor, exportPointLabel } from './cell-editor';
import { ExportGrid } from './export-grid';
import { ViewSettings } from './view-settings';

interface FormState {
  name: string;
  export_type: ExportFileType;
  to: string[];
  shared: boolean;
  content: CellGrid;
}

/** The points a grid's cells name. */
const pointIdsOf = (grid: CellGrid): string[] => [
  ...new Set(grid.flatMap((row) => row.flatMap((cell) => cell.flatMap((definition) => ('point_id' in definition && definition.point_id ? [definition.point_id] : []))))),
];

const stateOf = (existing: Export | null): FormState => ({
  name: existing?.name ?? '',
  export_type: existing?.export_type ?? 'xlsx',
  to: existing?.email.to ?? [],
  shared: existing?.sharing.shared ?? false,
  content: existing?.content ?? emptyExportGrid(),
});

export interface ExportEditorProps {
  /** The export edited; null to create one. */
  existing: Export | null;
  /** The customer's zone: dates of cells read in it. */
  zone: string;
  /** Created (back to the list) or cancelled. */
  onDone: () => void;
}

/**
 * /exports/create and /exports/edit/{id} (spec 2 §2, §3): the name, file type and e-mail list, the
 * grid (7 × 11 to start, columns A–Z) and the chosen cell's editor with a preview of what it shows
 * at the custom end date and sampling. Saving an edit stays on the screen ('Export saved').
 */
export const ExportEditor = ({ existing, zone, onDone }: ExportEditorProps) => {
  const { t, i18n } = useTranslation();
  const form = useForm<FormState>({
    initialValues: stateOf(existing),
    validate: { name: (name) => (name.trim() ? null : t('errors.fields.required')) },
  });
  const [selected, setSelected] = useState<CellPosition | null>(null);
  const [view, setView] = useState<ExportViewSettings>({ endDate: null, sampling: null });
  const grid = form.values.content;
  const known = useKnownPoints(useMemo(() => pointIdsOf(grid), [grid]));
  const pointName = (id: string) => known.byId.get(id)?.name ?? id;
  const pointText = (id: string) => {
    const point = known.byId.get(id);
    return point ? exportPointLabel(point) : null;
  };

  const definition = selected ? grid[selected.row]?.[selected.column]?.[0] : undefined;
  const [debounced] = useDebouncedValue(definition, 400);
  const preview = useQuery({
    queryKey: [...EXPORT_KEYS.all, 'cell', debounced, view],
    queryFn: () => cellValue([debounced!], view),
    enabled: Boolean(debounced && debounced.type !== 'empty' && debounced.type !== 'point_operations' && !('point_id' in debounced && !debounced.point_id)),
  });

  const change = (result: GridChange) => {
    if (!result.ok) return notify({ kind: 'warning', title: t('errors.titles.sorry'), message: t(`exports.problems.${result.problem}`) });
    form.setFieldValue('content', result.grid);
    if (selected && (selected.row >= result.grid.length || selected.column >= result.grid[0].length)) setSelected(null);
  };
  const setDefinition = (next: ExportCellDefinition) => selected && change(setCell(grid, selected.row, selected.column, next));

  const save = useSave({
    save: (values: FormState) => {
      const input = {
        name: values.name.trim(),
        export_type: values.export_type,
        export_method: 'email' as const,
        data_type: 'custom_file' as const,
        email: { to: values.to },
        sharing: { shared: values.shared },
        content: values.content,
        ...(existing ? { user: existing.user } : {}),
      };
      return existing ? updateExport(existing._id, input) : createExport(input);
    },
    savedMessage: 'toasts.export_saved',
    invalidates: EXPORT_KEYS.all,
    // The create variant returns to the list; an edit stays on the screen (spec 2 §2).
    onSaved: () => {
      if (!existing) onDone();
    },
    onError: notifyExportFailure,
  });

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate data-testid="export-editor">
      <Stack gap="md">
        <Flex justify="space-between" align="center" gap="sm" wrap="wrap">
          <Title order={2}>{t(existing ? 'exports.editTitle' : 'exports.createTitle')}</Title>
          <FormActions onCancel={onDone} saving={save.isPending} saveTestId="export-save" />
        </Flex>
        <Card withBorder padding="md">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <TextInput label={t('exports.fields.name')} withAsterisk maxLength={200} data-testid="export-name" {...form.getInputProps('name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('exports.fields.type')}
                </Text>
                <SegmentedControl data={EXPORT_FILE_TYPES.map((type) => ({ value: type, label: type.toUpperCase() }))} data-testid="export-type" {...form.getInputProps('export_type')} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <SwitchField mt={{ base: 0, sm: 30 }} label={t('exports.fields.shared')} testId="export-shared" {...form.getInputProps('shared', { type: 'checkbox' })} />
            </Grid.Col>
            <Grid.Col span={12}>
              <AddressListInput label={t('exports.fields.to')} description={t('exports.hints.to')} testId="export-to" {...form.getInputProps('to')} />
            </Grid.Col>
            <Grid.Col span={12}>
              <ViewSettings value={view} onChange={setView} />
            </Grid.Col>
          </Grid>
        </Card>
        <Flex direction={{ base: 'column', lg: 'row' }} gap="md" align="flex-start">
          <div style={{ flex: 1, minWidth: 0, width: '100%' }}>
            <ExportGrid
              grid={grid}
              content={({ row, column }) => cellSummary(grid[row][column][0], pointName, t)}
              selected={selected}
              onSelect={setSelected}
              shape={{
                addColumnAfter: (column) => change(addColumnAfter(grid, column)),
                deleteColumn: (column) => change(deleteColumn(grid, column)),
                addRowAfter: (row) => change(addRowAfter(grid, row)),
                deleteRow: (row) => change(deleteRow(grid, row)),
              }}
            />
          </div>
          <Card withBorder padding="md" w={{ base: '100%', lg: 360 }}>
            {selected && definition ? (
              <CellEditor
                position={selected}
                definition={definition}
                onChange={setDefinition}
                pointText={pointText}
                onPointPicked={known.remember}
                allowOperations={false}
                gridSize={{ rows: grid.length, columns: grid[0].length }}
                preview={preview.isFetching || !preview.isSuccess ? null : valueText(preview.data, i18n.language, zone, t)}
              />
            ) : (
              <Text size="sm" c="dimmed">
                {t('exports.hints.grid')}
              </Text>
            )}
          </Card>
        </Flex>
      </Stack>
    </form>
  );
};

import { useTranslation } from 'react-i18next';
import { Autocomplete, Button, Group, NumberInput, SegmentedControl, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { cellReference, type CellPosition } from '@shared/exports/cell-reference';
import { checkCellFormula } from '@shared/exports/cell-formula';
import { placeholderCount } from '@shared/exports/text-format';
import { EXPORT_CALCULATIONS, EXPORT_CELL_TYPES, type ExportCellDefinition, type ExportCellType, type TextArgument } from '@shared/schemas/export';
import { SAMPLINGS, type Sampling } from '@shared/series/sampling';
import { RemoveButton } from '../../../components/remove-button';
import { PointSearchPicker } from '../../../components/point-search-picker';
import type { SearchedPoint } from '../../../lib/point-search';

/** Properties of a point a cell is likely to show; any dotted path may be typed. */
const PROPERTIES = ['name', 'technical_id', 'unit', 'unit_object.s', 'resource', 'series_type', 'periodicity', 'last_data_date', 'last_data_value', 'created_at'];

/** A point as a cell names it: its name, then its locations. */
export const exportPointLabel = (point: Pick<SearchedPoint, 'name' | 'locations_name'>): string =>
  point.locations_name.length ? `${point.name} (${point.locations_name.join(', ')})` : point.name;

/** A new definition of a type, keeping the point of the one it replaces (none yet: the user searches one). */
const definitionOf = (type: ExportCellType, previous: ExportCellDefinition): ExportCellDefinition => {
  const point_id = 'point_id' in previous ? previous.point_id : '';
  switch (type) {
    case 'empty':
      return { type };
    case 'text':
      return { type, value: 'value' in previous ? previous.value : '' };
    case 'text_format':
      return { type, value: 'value' in previous ? previous.value : '', arguments: [] };
    case 'point':
      return { type, point_id, property: 'name' };
    case 'point_data':
      return { type, point_id, calculation: 'diff', sampling: 'month', offset: 0 };
    case 'point_operations':
      return { type, value: previous.type === 'point_operations' ? previous.value : '' };
  }
};

export interface CellEditorProps {
  position: CellPosition;
  definition: ExportCellDefinition;
  onChange: (definition: ExportCellDefinition) => void;
  /** The text of a point the cell names, once known. */
  pointText: (id: string) => string | null;
  /** A point picked in the cell, for the screen to name it from then on. */
  onPointPicked: (point: SearchedPoint) => void;
  /** Point operations are set from the read view only (spec 2 §2). */
  allowOperations: boolean;
  gridSize: { rows: number; columns: number };
  /** What the cell shows now, already as text. */
  preview: string | null;
}

/** The chosen cell of an export: its type and what it reads. */
export const CellEditor = ({ position, definition, onChange, pointText, onPointPicked, allowOperations, gridSize, preview }: CellEditorProps) => {
  const { t } = useTranslation();
  const pointSelect = (value: string) => (
    <PointSearchPicker
      label={t('exports.cell.point')}
      placeholder={t('pointPicker.hints.typeToSearch')}
      valueLabel={value ? (pointText(value) ?? value) : null}
      labelOf={exportPointLabel}
      onPick={(point) => {
        onPointPicked(point);
        onChange({ ...definition, point_id: point._id } as ExportCellDefinition);
      }}
      withAsterisk
      testId="cell-point"
    />
  );
  const formulaCheck = definition.type === 'point_operations' && definition.value.trim() ? checkCellFormula(definition.value, gridSize) : null;
  const setArgument = (args: TextArgument[], index: number, argument: TextArgument) => args.map((other, at) => (at === index ? argument : other));
  return (
    <Stack gap="sm" data-testid="cell-editor">
      <Title order={5}>{t('exports.cell.title', { reference: cellReference(position) })}</Title>
      <Select
        label={t('exports.cell.type')}
        data={EXPORT_CELL_TYPES.map((type) => ({ value: type, label: t(`exports.cellTypes.${type}`), disabled: type === 'point_operations' && !allowOperations }))}
        value={definition.type}
        onChange={(type) => type && onChange(definitionOf(type as ExportCellType, definition))}
        allowDeselect={false}
        description={allowOperations ? undefined : t('exports.hints.operationsReadView')}
        data-testid="cell-type"
      />
      {definition.type === 'text' && (
        <Textarea label={t('exports.cell.text')} value={definition.value} onChange={(event) => onChange({ ...definition, value: event.currentTarget.value })} autosize minRows={2} data-testid="cell-text" />
      )}
      {definition.type === 'point' && (
        <>
          {pointSelect(definition.point_id)}
          <Autocomplete label={t('exports.cell.property')} data={PROPERTIES} value={definition.property} onChange={(property) => onChange({ ...definition, property })} data-testid="cell-property" />
        </>
      )}
      {definition.type === 'point_data' && (
        <>
          {pointSelect(definition.point_id)}
          <Group grow gap="xs" align="flex-start">
            <Select
              label={t('exports.cell.calculation')}
              data={EXPORT_CALCULATIONS.map((calculation) => ({ value: calculation, label: t(`labels.calculations.${calculation}`) }))}
              value={definition.calculation}
              onChange={(calculation) => calculation && onChange({ ...definition, calculation: calculation as typeof definition.calculation })}
              allowDeselect={false}
              data-testid="cell-calculation"
            />
            <Select
              label={t('exports.cell.sampling')}
              data={SAMPLINGS.map((sampling) => ({ value: sampling, label: t(`widgetDialog.labels.samplings.${sampling}`) }))}
              value={definition.sampling}
              onChange={(sampling) => sampling && onChange({ ...definition, sampling: sampling as Sampling })}
              allowDeselect={false}
              data-testid="cell-sampling"
            />
          </Group>
          <NumberInput
            label={t('exports.cell.offset')}
            description={t('exports.hints.offset')}
            value={definition.offset}
            onChange={(offset) => typeof offset === 'number' && onChange({ ...definition, offset })}
            min={0}
            max={1000}
            allowDecimal={false}
            allowNegative={false}
            data-testid="cell-offset"
          />
        </>
      )}
      {definition.type === 'text_format' && (
        <>
          <TextInput
            label={t('exports.cell.template')}
            description={t('exports.hints.placeholders')}
            value={definition.value}
            onChange={(event) => onChange({ ...definition, value: event.currentTarget.value })}
            data-testid="cell-template"
          />
          {definition.arguments.map((argument, index) => (
            <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
              <SegmentedControl
                size="xs"
                value={'cell' in argument ? 'cell' : 'value'}
                onChange={(kind) => onChange({ ...definition, arguments: setArgument(definition.arguments, index, kind === 'cell' ? { cell: 'A1' } : { value: '' }) })}
                data={[
                  { value: 'cell', label: t('exports.cell.argumentCell') },
                  { value: 'value', label: t('exports.cell.argumentValue') },
                ]}
              />
              <TextInput
                style={{ flex: 1 }}
                aria-label={t('exports.cell.argument', { index: index + 1 })}
                placeholder={t('exports.cell.argument', { index: index + 1 })}
                value={'cell' in argument ? argument.cell : argument.value}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  onChange({ ...definition, arguments: setArgument(definition.arguments, index, 'cell' in argument ? { cell: text.toUpperCase() } : { value: text }) });
                }}
                data-testid="cell-argument"
              />
              <RemoveButton label={t('buttons.remove')} onClick={() => onChange({ ...definition, arguments: definition.arguments.filter((_, at) => at !== index) })} mb={4} />
            </Group>
          ))}
          <Group justify="space-between">
            <Text size="xs" c={placeholderCount(definition.value) === definition.arguments.length ? 'dimmed' : 'orange'}>
              {placeholderCount(definition.value)} {'{}'} · {definition.arguments.length}
            </Text>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => onChange({ ...definition, arguments: [...definition.arguments, { cell: 'A1' }] })}
              data-testid="cell-add-argument"
            >
              {t('exports.buttons.addArgument')}
            </Button>
          </Group>
        </>
      )}
      {definition.type === 'point_operations' && (
        <TextInput
          label={t('exports.cell.formula')}
          description={t('exports.hints.operation')}
          value={definition.value}
          onChange={(event) => onChange({ ...definition, value: event.currentTarget.value })}
          error={formulaCheck && !formulaCheck.valid ? t(`exports.formulaErrors.${formulaCheck.error}`, { detail: formulaCheck.detail ?? '' }) : undefined}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-testid="cell-formula"
        />
      )}
      {definition.type !== 'empty' && (
        <Text size="sm" data-testid="cell-preview">
          <Text span c="dimmed" size="sm">
            {t('exports.hints.preview')}{' '}
          </Text>
          {preview ?? t('exports.hints.noPreview')}
        </Text>
      )}
    </Stack>
  );
};

import { PALETTE } from '@shared/constants';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ActionIcon,
  Autocomplete,
  Badge,
  ColorInput,
  Divider,
  Group,
  Loader,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconGauge, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LocationTreeNode } from '@shared/schemas/location';
import { pointInputSchema, type Point, type PointInput } from '@shared/schemas/point';
import { ApiRequestError, errorCodeOf } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { checkTechnicalId, savePoint, SETTINGS_KEYS, type PointDefinitions } from '../api/locations-and-points';
import { notifyFailure } from '../hooks/error-text';
import { flattenTree, locationDepths, locationOptions, zoneOfLocations } from '../hooks/location-tree';
import { locationPickerProps, renderLocationOption } from '../../../components/location-option';
import {
  emptyPointForm,
  formulaCheckOf,
  periodicityParts,
  pointBodyOf,
  pointFormOf,
  type PointForm,
} from '../hooks/point-form';
import { CalculationEditor } from './calculation-editor';
import { IpmvpEditor } from './ipmvp-editor';
import { DataDeletion } from './data-deletion';
import type { SeriesType } from '@shared/series/calculations';
import { CollapsiblePanel } from './collapsible-panel';
import { OperatingRangeFields } from './operating-range-fields';
import { PointTagsEditor } from './point-tags-editor';
import { FormActions } from '../../../components/form-actions';
import classes from './point-panel.module.css';

const TECHNICAL_ID_DEBOUNCE_MS = 500;

/** What the panel shows: a point, or a new one (each opening of a new one has its own number, so that it starts empty). */
export type PointPanelTarget = { mode: 'create'; location: string[]; opening: number } | { mode: 'edit'; point: Point };

type FieldErrors = Partial<Record<keyof PointForm, string>>;

export const PointPanel = ({
  target,
  definitions,
  roots,
  onSaved,
  onClose,
}: {
  target: PointPanelTarget;
  definitions: PointDefinitions;
  roots: LocationTreeNode[];
  onSaved: (point: Point) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const base = target.mode === 'edit' ? target.point : null;
  const targetKey = base ? `${base._id}:${base.updated_at}` : `new:${target.mode === 'create' ? target.opening : ''}`;
  const formOfTarget = (): PointForm =>
    base ? pointFormOf(base, zoneOfLocations(roots, base.location)) : emptyPointForm(target.mode === 'create' ? target.location : []);
  const [form, setForm] = useState<PointForm>(formOfTarget);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formulaServerError, setFormulaServerError] = useState<string | null>(null);
  const [expanded, setExpanded] = useState(true);
  // The last answer of the uniqueness check, for the id it was asked about.
  const [idCheck, setIdCheck] = useState<{ value: string; unique: boolean } | null>(null);
  const [checkingId, setCheckingId] = useState(false);
  const technicalIdTaken = idCheck !== null && !idCheck.unique && idCheck.value === form.technical_id.trim();

  useEffect(() => {
    setForm(formOfTarget());
    setErrors({});
    setFormulaServerError(null);
    setIdCheck(null);
    setExpanded(true);
    // Only a change of target resets the form, not every render of the same one.
  }, [targetKey]);

  const update = (changes: Partial<PointForm>) => {
    setForm((current) => ({ ...current, ...changes }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(changes) as (keyof PointForm)[]) delete next[key];
      if ('operating_range_low' in changes || 'operating_range_high' in changes || 'operating_range_operator' in changes) {
        delete next.operating_range_low;
        delete next.operating_range_high;
      }
      return next;
    });
    if ('formula' in changes || 'sources' in changes) setFormulaServerError(null);
  };

  // Uniqueness of the technical id is asked while typing, 500 ms after the last key.
  const [technicalId] = useDebouncedValue(form.technical_id.trim(), TECHNICAL_ID_DEBOUNCE_MS);
  useEffect(() => {
    if (!technicalId || technicalId === base?.technical_id) {
      setIdCheck(null);
      return;
    }
    let cancelled = false;
    setCheckingId(true);
    checkTechnicalId(technicalId, base?._id)
      .then((unique) => !cancelled && setIdCheck({ value: technicalId, unique }))
      .catch(() => undefined)
      .finally(() => !cancelled && setCheckingId(false));
    return () => {
      cancelled = true;
    };
  }, [technicalId, base?._id, base?.technical_id]);

  const entries = useMemo(() => flattenTree(roots), [roots]);

  const save = useMutation({
    mutationFn: (input: PointInput) => savePoint(input),
    onSuccess: async (answer) => {
      if (answer.msg === 'calculation_launched' || answer.msg === 'conversion_launched') {
        notify({ kind: 'info', title: t('toasts.info'), message: t(`toasts.${answer.msg}`) });
      } else {
        notify({ kind: 'success', title: t('toasts.ok'), message: t(`toasts.${answer.msg ?? 'point_saved'}`) });
      }
      await queryClient.invalidateQueries({ queryKey: SETTINGS_KEYS.allPoints });
    },
    onError: (error) => {
      const code = errorCodeOf(error);
      const data = error instanceof ApiRequestError ? (error.data as { formula_error?: string } | undefined) : undefined;
      switch (code) {
        case 'technical_id_exists':
          setIdCheck({ value: form.technical_id.trim(), unique: false });
          return setErrors((current) => ({ ...current, technical_id: t('errors.technical_id_exists') }));
        case 'invalid_formula': {
          const reason = data?.formula_error ? t(`labels.formulaErrors.${data.formula_error}`) : '';
          setFormulaServerError(reason ? `${t('errors.invalid_formula')} : ${reason}` : t('errors.invalid_formula'));
          return notify({ kind: 'warning', title: t('errors.titles.sorry'), message: t('errors.invalid_formula') });
        }
        case 'operating_range_invalid':
          return setErrors((current) => ({ ...current, operating_range_low: t('errors.operating_range_invalid') }));
        case 'baseline_incomplete':
        case 'baseline_duplicate':
          return notify({ kind: 'warning', title: t('errors.titles.sorry'), message: t(`errors.${code}`) });
        case 'apply_range_invalid':
          return setErrors((current) => ({ ...current, apply_to: t('errors.apply_range_invalid') }));
        case 'point_child_of_point':
          return setErrors((current) => ({ ...current, location: t('errors.point_child_of_point') }));
        default:
          return notifyFailure(error);
      }
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const next: FieldErrors = {};
    if (!form.name.trim()) next.name = t('errors.fields.required');
    if (!form.technical_id.trim()) next.technical_id = t('errors.fields.required');
    else if (technicalIdTaken) next.technical_id = t('errors.technical_id_exists');
    if (!form.resource) next.resource = t('errors.fields.required');
    if (!form.series_type) next.series_type = t('errors.fields.required');
    if (form.allow_operating_range) {
      const low = typeof form.operating_range_low === 'number' ? form.operating_range_low : null;
      const high = typeof form.operating_range_high === 'number' ? form.operating_range_high : null;
      if (!form.operating_range_operator) next.operating_range_operator = t('errors.fields.required');
      else if (form.operating_range_operator === 'between') {
        if (low === null) next.operating_range_low = t('errors.fields.required');
        if (high === null) next.operating_range_high = t('errors.fields.required');
        if (low !== null && high !== null && low > high) next.operating_range_low = t('errors.operating_range_invalid');
      } else if (['gt', 'gte'].includes(form.operating_range_operator) && low === null) next.operating_range_low = t('errors.fields.required');
      else if (['lt', 'lte'].includes(form.operating_range_operator) && high === null) next.operating_range_high = t('errors.fields.required');
    }
    const invalidFormula = form.calculated && !formulaCheckOf(form).valid;
    if (form.calculated && form.sources.some((row) => !row.point_id)) next.sources = t('errors.fields.required');
    if (form.calculated && form.apply_from && form.apply_to && form.apply_from >= form.apply_to) next.apply_to = t('errors.apply_range_invalid');
    const parsed = pointInputSchema.safeParse(pointBodyOf(form, base, zoneOfLocations(roots, form.location)));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof PointForm;
        next[field] ??= t('errors.fields.invalid');
      }
    }
    setErrors(next);
    if (invalidFormula) {
      notify({ kind: 'warning', title: t('errors.titles.sorry'), message: t('errors.invalid_formula') });
      return;
    }
    if (Object.keys(next).length > 0 || !parsed.success) return;
    // The screen is told of the save through the handler of this submit, which knows what was open when it was made.
    save.mutate(parsed.data, { onSuccess: (answer) => onSaved(answer.data) });
  };

  const periodicities = definitions.periodicities.map((seconds) => {
    const { count, unit } = periodicityParts(seconds);
    return { value: String(seconds), label: t(`labels.periodicity.${unit}`, { count }) };
  });

  return (
    <CollapsiblePanel
      testId="point-panel"
      title={base ? base.name : t('labels.point.newPoint')}
      icon={<IconGauge size={18} />}
      badges={
        <>
          {!base && <Badge variant="light">{t('labels.settingsLocations.creating')}</Badge>}
          {base && !base.active && (
            <Badge variant="light" color="gray">
              {t('labels.point.activeNo')}
            </Badge>
          )}
        </>
      }
      actions={
        <Tooltip label={t('buttons.close')} withArrow>
          <ActionIcon variant="subtle" color="gray" onClick={onClose} aria-label={t('buttons.close')}>
            <IconX size={18} />
          </ActionIcon>
        </Tooltip>
      }
      expanded={expanded}
      onToggle={() => setExpanded((value) => !value)}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md" verticalSpacing="sm">
            <TextInput
              label={t('labels.point.name')}
              required
              value={form.name}
              onChange={(event) => update({ name: event.currentTarget.value })}
              error={errors.name}
              maxLength={160}
            />
            <TextInput
              label={t('labels.point.technicalId')}
              required
              value={form.technical_id}
              onChange={(event) => update({ technical_id: event.currentTarget.value })}
              error={errors.technical_id ?? (technicalIdTaken ? t('errors.technical_id_exists') : undefined)}
              rightSection={checkingId ? <Loader size={14} /> : null}
              maxLength={120}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <Select
              label={t('labels.point.resource')}
              required
              data={definitions.resources.map((value) => ({ value, label: t(`labels.resources.${value}`) }))}
              value={form.resource}
              onChange={(value) => update({ resource: value, application: value === 'thermal' ? (form.application ?? 'heating') : null })}
              error={errors.resource}
              allowDeselect={false}
            />
            {form.resource === 'thermal' && (
              <Select
                label={t('labels.point.application')}
                data={definitions.applications.map((value) => ({ value, label: t(`labels.applications.${value}`) }))}
                value={form.application}
                onChange={(value) => update({ application: value })}
                allowDeselect={false}
              />
            )}
            <Select
              label={t('labels.point.dataSource')}
              placeholder={t('labels.point.noDataSource')}
              data={definitions.sources.map((source) => ({ value: source._id, label: `${source.name} (${t(`sources.types.${source.type}`)})` }))}
              value={form.data_source}
              onChange={(value) => update({ data_source: value })}
              clearable
              searchable
              nothingFoundMessage={t('labels.point.noDataSourceFound')}
            />
            <Select
              label={t('labels.point.seriesType')}
              required
              data={definitions.series_types.map((value) => ({ value, label: t(`labels.seriesTypes.${value}`) }))}
              value={form.series_type}
              onChange={(value) => update({ series_type: value })}
              error={errors.series_type}
              allowDeselect={false}
            />
            <Autocomplete
              label={t('labels.point.unit')}
              data={definitions.units}
              value={form.unit}
              onChange={(value) => update({ unit: value })}
              error={errors.unit}
              maxLength={20}
            />
            <Select
              label={t('labels.point.periodicity')}
              data={periodicities}
              value={form.periodicity}
              onChange={(value) => value && update({ periodicity: value })}
              allowDeselect={false}
            />
            <MultiSelect
              label={t('labels.point.locations')}
              placeholder={form.location.length === 0 ? t('labels.settingsLocations.withoutLocation') : undefined}
              data={locationOptions(entries)}
              renderOption={renderLocationOption(locationDepths(entries))}
              value={form.location}
              onChange={(value) => update({ location: value })}
              error={errors.location}
              {...locationPickerProps(entries.map((entry) => entry.location))}
              clearable
              hidePickedOptions={false}
              className={classes.wideField}
            />
            <ColorInput
              label={t('labels.point.defaultColor')}
              value={form.default_color}
              onChange={(value) => update({ default_color: value })}
              swatches={[...PALETTE]}
              format="hex"
              error={errors.default_color}
            />
            <Group gap="xl" mt="md">
              <Switch label={t('labels.point.active')} checked={form.active} onChange={(event) => update({ active: event.currentTarget.checked })} />
              <Switch
                label={t('labels.point.hideOnMap')}
                checked={form.hide_on_maplytics}
                onChange={(event) => update({ hide_on_maplytics: event.currentTarget.checked })}
              />
            </Group>
          </SimpleGrid>

          <Divider />
          <PointTagsEditor tags={form.tags} onChange={(tags) => update({ tags })} />

          <Divider />
          <OperatingRangeFields form={form} operators={definitions.operating_range_operators} errors={errors} onChange={update} />

          <Divider />
          <Stack gap="xs">
            <Switch
              label={<Text fw={600} size="sm">{t('labels.point.calculated')}</Text>}
              description={t('hints.calculation.toggle')}
              checked={form.calculated}
              onChange={(event) => update({ calculated: event.currentTarget.checked })}
            />
            {form.calculated && (
              <CalculationEditor
                form={form}
                onChange={update}
                pointId={base?._id ?? null}
                calculations={definitions.calculations}
                serverError={formulaServerError}
                periodicities={periodicities}
                zone={zoneOfLocations(roots, form.location)}
                errors={{ apply_to: errors.apply_to }}
              />
            )}
            {errors.sources && (
              <Text size="xs" c="red">
                {errors.sources}
              </Text>
            )}
          </Stack>

          <Divider />
          <Stack gap="xs">
            <Text fw={600} size="sm">
              {t('labels.ipmvp.title')}
            </Text>
            <IpmvpEditor
              baselines={form.baselines}
              targets={form.targets}
              seriesType={(form.series_type ?? 'index') as SeriesType}
              pointId={base?._id ?? null}
              onChange={update}
            />
          </Stack>

          {base && (
            <>
              <Divider />
              <Stack gap="xs">
                <Text fw={600} size="sm">
                  {t('labels.dataDeletion.title')}
                </Text>
                <DataDeletion pointId={base._id} pointName={base.name} />
              </Stack>
            </>
          )}

          <FormActions onCancel={onClose} saving={save.isPending} saveTestId="save-point" />
        </Stack>
      </form>
    </CollapsiblePanel>
  );
};

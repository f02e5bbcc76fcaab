import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Group, NumberInput, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconAlertTriangle, IconCalendarTime, IconSend } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { SAVED_DATA_WARNING_TIMEOUT_MS } from '@shared/constants';
import { locationLabel } from '@shared/permissions/location-visibility';
import { foldText } from '@shared/api/paging';
import { dataEntrySchema, type DataEntry } from '@shared/schemas/series';
import { errorCodeOf } from '../../../lib/http';
import { notify, notifyGenericFailure } from '../../../lib/notify';
import { addSavedData } from '../../../lib/saved-data';
import { DATE_TIME_INPUT_FORMAT, typedDateParser } from '../../../lib/date-formats';
import { pastDatesOnly } from '../../../lib/date-pickers';
import { VirtualCombobox } from '../../../components/virtual-combobox';
import { locationMatcher, type SearchableLocation } from '../../../lib/location-search';
import { locationsInTree, useVisibleLocations } from '../../../lib/visible-locations';
import { manualEntryPointsKey, manualEntryPointsQueryOptions, sendEntries, WITHOUT_LOCATION } from '../api/manual-entry';
import { LastValue } from './last-value';

interface LocationChoice {
  value: string;
  label: string;
  /** Its depth in the tree: the rows are indented by it while nothing is typed. */
  depth: number;
  /** Its ancestors' names, shown under a found location (the tree's shape is gone from a search's answer). */
  path: string;
  searchable: SearchableLocation;
}

const LocationChoiceRow = ({ choice, searching }: { choice: LocationChoice; searching: boolean }) =>
  searching ? (
    <div>
      <Text size="sm">{choice.label}</Text>
      {choice.path && (
        <Text size="xs" c="dimmed">
          {choice.path}
        </Text>
      )}
    </div>
  ) : (
    <Text size="sm" fw={choice.depth === 0 ? 500 : 400} pl={choice.depth * 14}>
      {choice.label}
    </Text>
  );

/** With the automated date on, the shown date follows the clock every second (spec 2 §9). */
const CLOCK_TICK_MS = 1_000;
/** The value form of Mantine's date inputs with time. */
const PICKER_FORMAT = 'yyyy-MM-dd HH:mm:ss';
const parseDateTime = typedDateParser(DATE_TIME_INPUT_FORMAT, true);

const useNow = (running: boolean): DateTime => {
  const [now, setNow] = useState(() => DateTime.now());
  useEffect(() => {
    if (!running) return;
    setNow(DateTime.now());
    const timer = window.setInterval(() => setNow(DateTime.now()), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, [running]);
  return now;
};

/**
 * /manual_entry (spec 2 §2): a location the user may open (or 'Points without location'), one of
 * its points, a value and a date. Without an answer from the server the entry is kept locally and
 * sent later from the header's saved-data indicator.
 */
export const ManualEntryForm = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const roots = useVisibleLocations();
  const [location, setLocation] = useState<string | null>(null);
  const [pointId, setPointId] = useState<string | null>(null);
  const [value, setValue] = useState<number | string>('');
  const [automated, setAutomated] = useState(true);
  const [manualDate, setManualDate] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ location?: string; point?: string; value?: string; date?: string }>({});
  const now = useNow(automated);

  // Only locations the user may open; those above them stay out of the choice. A large customer has
  // a thousand: the list draws the rows in view, and what is typed finds a site by name, denomination or address.
  const withoutLocation = t('labels.settingsLocations.withoutLocation');
  const locationChoices = useMemo<LocationChoice[]>(
    () => [
      { value: WITHOUT_LOCATION, label: withoutLocation, depth: 0, path: '', searchable: { name: withoutLocation } },
      ...locationsInTree(roots)
        .filter(({ location: node }) => node.clickable)
        .map(({ location: node, ancestors }) => ({
          value: node._id,
          label: locationLabel(node),
          depth: ancestors.length,
          path: ancestors.map(locationLabel).join(' › '),
          searchable: node,
        })),
    ],
    [roots, withoutLocation],
  );
  const [locationSearch, setLocationSearch] = useState('');
  const shownLocations = useMemo(() => {
    if (!locationSearch.trim()) return locationChoices;
    const matches = locationMatcher(locationSearch);
    return locationChoices.filter((choice) => matches(choice.searchable));
  }, [locationChoices, locationSearch]);
  const chosenLocation = locationChoices.find((choice) => choice.value === location) ?? null;

  const points = useQuery({ ...manualEntryPointsQueryOptions(location ?? ''), enabled: location !== null });
  const point = points.data?.find((candidate) => candidate._id === pointId) ?? null;
  // A location's own points come whole; the list draws only the rows in view and filters as the user types.
  const [pointSearch, setPointSearch] = useState('');
  const pointChoices = useMemo(() => {
    const words = foldText(pointSearch.trim()).split(/\s+/).filter(Boolean);
    return (points.data ?? []).filter((candidate) => words.every((word) => foldText(candidate.name).includes(word)));
  }, [points.data, pointSearch]);

  const send = useMutation({ mutationFn: (entry: DataEntry) => sendEntries([entry]) });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!location) next.location = t('errors.fields.required');
    if (!pointId) next.point = t('errors.fields.required');
    if (typeof value !== 'number' || !Number.isFinite(value)) next.value = t('errors.fields.required');
    const date = automated ? DateTime.now() : DateTime.fromFormat(manualDate ?? '', PICKER_FORMAT);
    if (!automated && !date.isValid) next.date = t('errors.fields.required');
    else if (!automated && date > DateTime.now()) next.date = t('errors.manualEntry.future');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const parsed = dataEntrySchema.safeParse({
      point: pointId,
      date: date.toISO({ suppressMilliseconds: true }),
      value,
      automated_datetime: automated,
    });
    if (!parsed.success) return setErrors({ value: t('errors.fields.invalid') });
    const entry = parsed.data;
    send.mutate(entry, {
      onSuccess: (answer) => {
        notify({ kind: 'success', title: t('toasts.ok'), message: t(`toasts.${answer.msg ?? 'data_saved'}`) });
        setValue('');
        void queryClient.invalidateQueries({ queryKey: manualEntryPointsKey });
      },
      onError: (error) => {
        const code = errorCodeOf(error);
        if (code === 'network_error') {
          // Nothing came back: the entry waits in this browser for the header's indicator.
          addSavedData(entry as unknown as Record<string, unknown>);
          setValue('');
          return notify({
            kind: 'warning',
            title: t('errors.network_error'),
            message: t('errors.savedData.kept'),
            autoClose: SAVED_DATA_WARNING_TIMEOUT_MS,
          });
        }
        if (code === 'internal_error') return notifyGenericFailure();
        notify({ kind: 'warning', title: t('errors.titles.sorry'), message: t(`errors.${code}`) });
      },
    });
  };

  return (
    <Stack gap="lg" maw={640}>
      <Title order={2}>{t('labels.menu.manualEntry')}</Title>
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('hints.manualEntry.intro')}
            </Text>
            <VirtualCombobox
              label={t('labels.manualEntry.location')}
              placeholder={t('labels.manualEntry.chooseLocation')}
              items={shownLocations}
              keyOf={(choice) => choice.value}
              labelOf={(choice) => choice.label}
              renderItem={(choice) => <LocationChoiceRow choice={choice} searching={locationSearch.trim() !== ''} />}
              search={locationSearch}
              onSearchChange={setLocationSearch}
              valueLabel={chosenLocation?.label ?? null}
              onPick={(picked) => {
                setLocation(picked.value);
                setPointId(null);
                setPointSearch('');
                setErrors((current) => ({ ...current, location: undefined }));
              }}
              nothingFound={t('hints.manualEntry.noLocation')}
              error={errors.location}
              testId="manual-entry-location"
            />
            <VirtualCombobox
              label={t('labels.manualEntry.point')}
              placeholder={
                !location
                  ? t('hints.manualEntry.chooseLocationFirst')
                  : points.data?.length === 0
                    ? t('hints.manualEntry.noPoint')
                    : t('labels.manualEntry.choosePoint')
              }
              items={pointChoices}
              keyOf={(candidate) => candidate._id}
              labelOf={(candidate) => candidate.name}
              search={pointSearch}
              onSearchChange={setPointSearch}
              valueLabel={point?.name ?? null}
              onPick={(picked) => {
                setPointId(picked._id);
                setErrors((current) => ({ ...current, point: undefined }));
              }}
              nothingFound={t('pointPicker.hints.noResult')}
              disabled={!location || points.isPending || points.data?.length === 0}
              error={errors.point}
              testId="manual-entry-point"
            />
            {point && <LastValue point={point} />}
            {points.isError && (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t('errors.titles.sorry')}>
                {t('errors.generic')}
              </Alert>
            )}
            <NumberInput
              label={t('labels.manualEntry.value')}
              value={value}
              onChange={(next) => {
                setValue(next);
                setErrors((current) => ({ ...current, value: undefined }));
              }}
              decimalSeparator=","
              rightSection={point?.unit ? <Text size="sm" c="dimmed" pr="xs">{point.unit}</Text> : null}
              rightSectionWidth={point?.unit ? 60 : undefined}
              hideControls
              error={errors.value}
              data-testid="manual-entry-value"
            />
            <Switch
              label={t('labels.manualEntry.automatedDate')}
              description={t('hints.manualEntry.automatedDate')}
              checked={automated}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                setAutomated(on);
                if (!on) setManualDate(DateTime.now().toFormat(PICKER_FORMAT));
                setErrors((current) => ({ ...current, date: undefined }));
              }}
            />
            {automated ? (
              <TextInput
                label={t('labels.manualEntry.date')}
                value={now.toFormat('dd/MM/yyyy HH:mm:ss')}
                readOnly
                leftSection={<IconCalendarTime size={16} />}
                data-testid="manual-entry-clock"
              />
            ) : (
              <DateInput
                withTime
                dateParser={parseDateTime}
                label={t('labels.manualEntry.date')}
                value={manualDate}
                onChange={(next) => {
                  setManualDate(next);
                  setErrors((current) => ({ ...current, date: undefined }));
                }}
                valueFormat={DATE_TIME_INPUT_FORMAT}
                {...pastDatesOnly()}
                leftSection={<IconCalendarTime size={16} />}
                error={errors.date}
                data-testid="manual-entry-date"
              />
            )}
            <Group justify="flex-end">
              <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
                {t('buttons.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
};

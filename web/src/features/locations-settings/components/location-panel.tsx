import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowsMove, IconBuildingCommunity, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_TIMEZONE } from '@shared/constants';
import { locationLabel } from '@shared/permissions/location-visibility';
import type { LocationTreeNode } from '@shared/schemas/location';
import { LOCATION_TYPES, type Location } from '@shared/schemas/location';
import { locationInputSchema, type LocationInput } from '@shared/schemas/location-input';
import { notify } from '../../../lib/notify';
import { refreshSessionPayload } from '../../../lib/refresh-session';
import { deleteLocation, moveLocation, saveLocation, SETTINGS_KEYS, type LocationDeletion } from '../api/locations-and-points';
import { notifyFailure } from '../hooks/error-text';
import { findInTree, flattenTree, locationDepths, locationOptions, subtreeIds } from '../hooks/location-tree';
import { locationPickerProps, renderLocationOption } from '../../../components/location-option';
import type { GeocodedAddress } from '@shared/schemas/maplytics';
import { AddressSearch } from './address-search';
import { CollapsiblePanel } from './collapsible-panel';
import { useTimezones, zoneNamesOf } from '../../../lib/timezones';

const ROOT = '__root__';

interface FormState {
  name: string;
  denomination: string;
  type: string | null;
  surface: number | string;
  address: string;
  lat: number | string;
  lng: number | string;
  /** The view around the place, kept from the address search while the coordinates are its own. */
  viewport: NonNullable<Location['coordinates']>['viewport'] | null;
  timezone: string;
  hidden: boolean;
  parent: string | null;
}

const formOf = (location: LocationTreeNode | null, parent: string | null): FormState => ({
  name: location?.name ?? '',
  denomination: location?.denomination ?? '',
  type: location?.type ?? null,
  surface: location?.surface ?? '',
  address: location?.address ?? '',
  lat: location?.coordinates?.location.lat ?? '',
  lng: location?.coordinates?.location.lng ?? '',
  viewport: location?.coordinates?.viewport ?? null,
  timezone: location?.timezone ?? DEFAULT_TIMEZONE,
  hidden: location?.hidden ?? false,
  parent: location ? location.parent : parent,
});

const numberOrNull = (value: number | string): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export type LocationPanelTarget = { mode: 'create'; parent: string | null } | { mode: 'edit'; id: string };

export const LocationPanel = ({
  target,
  roots,
  onSaved,
  onDeleted,
}: {
  target: LocationPanelTarget;
  roots: LocationTreeNode[];
  onSaved: (id: string) => void;
  onDeleted: (result: LocationDeletion, parent: string | null) => void;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const entries = useMemo(() => flattenTree(roots), [roots]);
  const location = target.mode === 'edit' ? (findInTree(roots, target.id)?.location ?? null) : null;
  const [form, setForm] = useState<FormState>(() => formOf(location, target.mode === 'create' ? target.parent : null));
  const timezones = useTimezones();
  const [errors, setErrors] = useState<Partial<Record<keyof FormState, string>>>({});
  // A new location opens its form; an existing one shows its points first, its form folded.
  const [expanded, setExpanded] = useState(target.mode === 'create');
  const [moveTo, setMoveTo] = useState<string | null>(null);
  // An edited location not yet in the tree (its save's refresh still on its way) counts as another
  // target once it arrives, so its form is filled with it rather than left empty.
  const targetKey = target.mode === 'edit' ? `${target.id}:${location ? 'found' : 'missing'}` : `new:${target.parent ?? ''}`;

  // Another location chosen (or the same one reloaded after a save): the form follows it.
  useEffect(() => {
    setForm(formOf(location, target.mode === 'create' ? target.parent : null));
    setErrors({});
    setMoveTo(null);
    setExpanded(target.mode === 'create');
    // Only a change of target resets the form, not every render of the same one.
  }, [targetKey]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const chooseAddress = (found: GeocodedAddress) => {
    setForm((current) => ({
      ...current,
      address: found.label,
      lat: found.coordinates.location.lat,
      lng: found.coordinates.location.lng,
      viewport: found.coordinates.viewport,
    }));
    setErrors((current) => ({ ...current, address: undefined, lat: undefined, lng: undefined }));
  };

  // The navigation's tree comes with the login payload: it is asked again after each change.
  const refreshTree = () => {
    void refreshSessionPayload();
    return queryClient.invalidateQueries({ queryKey: SETTINGS_KEYS.tree });
  };

  const save = useMutation({
    mutationFn: (input: LocationInput) => saveLocation(input),
    onSuccess: async (answer) => {
      notify({ kind: 'success', title: t('toasts.ok'), message: t(`toasts.${answer.msg ?? 'location_saved'}`) });
      await refreshTree();
    },
    onError: notifyFailure,
  });

  const move = useMutation({
    mutationFn: ({ id, parent }: { id: string; parent: string | null }) => moveLocation([id], parent),
    onSuccess: async () => {
      notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.location_moved') });
      setMoveTo(null);
      await refreshTree();
    },
    onError: notifyFailure,
  });

  const remove = useMutation({
    mutationFn: (id: string) => deleteLocation(id),
    onSuccess: async (result) => {
      notify({
        kind: 'success',
        title: t('toasts.ok'),
        message: t('toasts.location_deleted', {
          children: result.moved_children.length,
          points: result.detached_points.length,
          alone: result.points_without_location.length,
        }),
      });
      await Promise.all([refreshTree(), queryClient.invalidateQueries({ queryKey: SETTINGS_KEYS.allPoints })]);
      onDeleted(result, location?.parent ?? null);
    },
    onError: notifyFailure,
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const lat = numberOrNull(form.lat);
    const lng = numberOrNull(form.lng);
    const next: Partial<Record<keyof FormState, string>> = {};
    if ((lat === null) !== (lng === null)) next[lat === null ? 'lat' : 'lng'] = t('errors.fields.required');
    const parsed = locationInputSchema.safeParse({
      ...(location ? { _id: location._id } : {}),
      name: form.name,
      denomination: form.denomination.trim() || null,
      parent: form.parent,
      hidden: form.hidden,
      address: form.address.trim() || null,
      type: form.type,
      surface: numberOrNull(form.surface),
      coordinates: lat !== null && lng !== null ? { location: { lat, lng }, ...(form.viewport ? { viewport: form.viewport } : {}) } : null,
      timezone: form.timezone || DEFAULT_TIMEZONE,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'coordinates' ? (issue.path.includes('lat') ? 'lat' : 'lng') : (issue.path[0] as keyof FormState);
        next[field] ??= issue.code === 'too_small' && field === 'name' ? t('errors.fields.required') : t('errors.fields.invalid');
      }
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    // The screen is told of the save through the handler of this submit, which knows what was open when it was made.
    save.mutate(parsed.data, { onSuccess: (answer) => onSaved(answer.data._id) });
  };

  const confirmDelete = () => {
    if (!location) return;
    const parent = location.parent ? findInTree(roots, location.parent)?.location : null;
    modals.openConfirmModal({
      title: t('labels.settingsLocations.deleteLocationTitle', { name: locationLabel(location) }),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('hints.settingsLocations.deleteLocation', { name: locationLabel(location) })}</Text>
          <Text size="sm">
            {parent
              ? t('hints.settingsLocations.deleteLocationChildren', { parent: locationLabel(parent) })
              : t('hints.settingsLocations.deleteLocationChildrenRoot')}
          </Text>
          <Text size="sm">{t('hints.settingsLocations.deleteLocationPoints')}</Text>
        </Stack>
      ),
      labels: { confirm: t('buttons.delete'), cancel: t('buttons.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete-location' } as never,
      onConfirm: () => remove.mutate(location._id),
    });
  };

  // A location cannot go under itself or its own sub-locations.
  const excluded = location ? subtreeIds(location) : new Set<string>();
  const renderOption = renderLocationOption(locationDepths(entries));
  const picker = locationPickerProps(entries.map((entry) => entry.location));
  const parentChoices = [
    { value: ROOT, label: t('labels.settingsLocations.root') },
    ...locationOptions(entries.filter((entry) => !excluded.has(entry.location._id))),
  ];

  const title =
    target.mode === 'create'
      ? t('labels.settingsLocations.newLocation')
      : location
        ? locationLabel(location)
        : t('labels.settingsLocations.location');

  return (
    <CollapsiblePanel
      testId="location-panel"
      title={title}
      icon={<IconBuildingCommunity size={18} />}
      badges={
        <>
          {target.mode === 'create' && <Badge variant="light">{t('labels.settingsLocations.creating')}</Badge>}
          {location?.hidden && (
            <Badge variant="light" color="gray">
              {t('labels.settingsLocations.hidden')}
            </Badge>
          )}
        </>
      }
      actions={
        location ? (
          <Tooltip label={t('buttons.deleteLocation')} withArrow>
            <ActionIcon variant="subtle" color="red" onClick={confirmDelete} loading={remove.isPending} aria-label={t('buttons.deleteLocation')}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        ) : null
      }
      expanded={expanded}
      onToggle={() => setExpanded((value) => !value)}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput
              label={t('labels.location.name')}
              required
              value={form.name}
              onChange={(event) => set('name', event.currentTarget.value)}
              error={errors.name}
              maxLength={120}
            />
            <TextInput
              label={t('labels.location.denomination')}
              value={form.denomination}
              onChange={(event) => set('denomination', event.currentTarget.value)}
              maxLength={120}
            />
            <Select
              label={t('labels.location.type')}
              placeholder={t('labels.location.noType')}
              data={LOCATION_TYPES.map((type) => ({ value: type, label: t(`labels.locationTypes.${type}`) }))}
              value={form.type}
              onChange={(value) => set('type', value)}
              clearable
            />
            <NumberInput
              label={t('labels.location.surface')}
              rightSection={<Text size="xs" c="dimmed">m²</Text>}
              min={0}
              decimalSeparator=","
              thousandSeparator=" "
              value={form.surface}
              onChange={(value) => set('surface', value)}
              error={errors.surface}
            />
            <AddressSearch value={form.address} onChange={(value) => set('address', value)} onChoose={chooseAddress} />
            <Group grow gap="sm" align="flex-start">
              <NumberInput
                label={t('labels.location.lat')}
                min={-90}
                max={90}
                decimalScale={6}
                value={form.lat}
                onChange={(value) => {
                  set('lat', value);
                  set('viewport', null);
                }}
                error={errors.lat}
              />
              <NumberInput
                label={t('labels.location.lng')}
                min={-180}
                max={180}
                decimalScale={6}
                value={form.lng}
                onChange={(value) => {
                  set('lng', value);
                  set('viewport', null);
                }}
                error={errors.lng}
              />
            </Group>
            <Select
              label={t('labels.location.timezone')}
              data={zoneNamesOf(timezones.data, form.timezone)}
              value={form.timezone}
              onChange={(value) => set('timezone', value ?? DEFAULT_TIMEZONE)}
              searchable
              allowDeselect={false}
              limit={100}
            />
            {target.mode === 'create' && (
              <Select
                label={t('labels.location.parent')}
                data={parentChoices}
                value={form.parent ?? ROOT}
                onChange={(value) => set('parent', !value || value === ROOT ? null : value)}
                renderOption={renderOption}
                allowDeselect={false}
                {...picker}
              />
            )}
            <Switch
              label={t('labels.location.hidden')}
              description={t('hints.settingsLocations.hidden')}
              checked={form.hidden}
              onChange={(event) => set('hidden', event.currentTarget.checked)}
              mt="xs"
            />
          </SimpleGrid>

          <Group justify="space-between" mt="xs">
            <Group gap="xs">
              {location && (
                <>
                  <Select
                    aria-label={t('labels.settingsLocations.moveTo')}
                    placeholder={t('labels.settingsLocations.moveTo')}
                    data={parentChoices.filter((choice) => choice.value !== (location.parent ?? ROOT))}
                    value={moveTo}
                    onChange={setMoveTo}
                    renderOption={renderOption}
                    {...picker}
                    w={240}
                    leftSection={<IconArrowsMove size={16} />}
                  />
                  <Button
                    variant="default"
                    disabled={!moveTo}
                    loading={move.isPending}
                    onClick={() => moveTo && move.mutate({ id: location._id, parent: moveTo === ROOT ? null : moveTo })}
                  >
                    {t('buttons.move')}
                  </Button>
                </>
              )}
            </Group>
            <Group gap="xs">
              <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending}>
                {t('buttons.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </CollapsiblePanel>
  );
};

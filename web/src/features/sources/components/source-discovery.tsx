import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Button, Card, Checkbox, Group, Loader, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPlus, IconRadar } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { locationLabel } from '@shared/permissions/location-visibility';
import { RESOURCES } from '@shared/schemas/point';
import type { ProposedPoint, Source, SourceDiscovery as Discovery } from '@shared/schemas/source';
import { ApiRequestError, errorCodeOf } from '../../../lib/http';
import { notify, notifyGenericFailure } from '../../../lib/notify';
import { locationsInTree, useVisibleLocations } from '../../../lib/visible-locations';
import { locationPickerProps } from '../../../components/location-option';
import { createSourcePoints, discoverSource } from '../api/sources';

/** Proposals of one device, in the order the provider gave them. */
const byDevice = (proposals: readonly ProposedPoint[]) => {
  const devices = new Map<string, { name: string; group: string; proposals: ProposedPoint[] }>();
  for (const proposal of proposals) {
    const device = devices.get(proposal.device) ?? { name: proposal.device_name, group: proposal.group, proposals: [] };
    device.proposals.push(proposal);
    devices.set(proposal.device, device);
  }
  return [...devices.entries()];
};

/**
 * Source discovery (spec 3 §4: loading, then done): asks the provider for its groups, devices
 * and points, and proposes the points not yet created, their technical ids prefixed with the
 * device's unique id when the source says so. The chosen ones are created as points of the source.
 */
export const SourceDiscovery = ({ source }: { source: Source }) => {
  const { t } = useTranslation();
  const [discovery, setDiscovery] = useState<Discovery | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [resource, setResource] = useState<string | null>(source.resource);
  const [location, setLocation] = useState<string | null>(null);
  const locations = locationsInTree(useVisibleLocations());
  const locationChoices = locations.map(({ location: node, ancestors }) => ({ value: node._id, label: [...ancestors, node].map(locationLabel).join(' › '), address: node.address }));

  const discover = useMutation({
    mutationFn: () => discoverSource(source._id),
    onSuccess: (found) => {
      setDiscovery(found);
      setChosen(new Set(found.proposals.filter((proposal) => proposal.point === null).map((proposal) => proposal.key)));
    },
  });

  const create = useMutation({
    mutationFn: () => createSourcePoints(source._id, { keys: [...chosen], location, resource: resource as (typeof RESOURCES)[number] | null }),
    onSuccess: ({ created }) => {
      notify({ kind: 'success', title: t('toasts.ok'), message: t('sources.discovery.created', { count: created.length }) });
      const byTechnicalId = new Map(created.map((point) => [point.technical_id, point._id]));
      setDiscovery((current) =>
        current && { ...current, proposals: current.proposals.map((proposal) => ({ ...proposal, point: proposal.point ?? byTechnicalId.get(proposal.technical_id) ?? null })) },
      );
      setChosen(new Set());
    },
    onError: (error) => {
      const code = errorCodeOf(error);
      if (code === 'internal_error' || code === 'network_error') return notifyGenericFailure();
      notify({ kind: 'warning', title: t('errors.titles.sorry'), message: t(`errors.${code}`) });
    },
  });

  const devices = useMemo(() => byDevice(discovery?.proposals ?? []), [discovery]);
  const state = discover.isPending ? 'loading' : discovery ? 'done' : discover.isError ? 'error' : 'idle';
  const failure = discover.error;
  const failureDetail = failure instanceof ApiRequestError ? (failure.data as { detail?: string } | undefined)?.detail : undefined;
  const failureReason = failure && errorCodeOf(failure) !== 'internal_error' && errorCodeOf(failure) !== 'network_error' ? t(`errors.${errorCodeOf(failure)}`) : t('errors.generic');
  const failureText = failureDetail ? t('sources.withDetail', { reason: failureReason, detail: failureDetail }) : failureReason;
  const toggle = (key: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const lastDiscovery = source.config.custom.hierarchy.discovered_at;

  return (
    <Card withBorder radius="md" padding="lg" data-testid="source-discovery" data-state={state}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Title order={4}>{t('sources.discovery.title')}</Title>
            <Text size="sm" c="dimmed">
              {lastDiscovery ? t('sources.discovery.last', { date: DateTime.fromISO(lastDiscovery).toFormat('dd/MM/yyyy HH:mm') }) : t('sources.discovery.hint')}
            </Text>
          </Stack>
          <Button leftSection={<IconRadar size={16} />} variant="light" onClick={() => discover.mutate()} loading={discover.isPending} data-testid="source-discover">
            {t('sources.discovery.start')}
          </Button>
        </Group>

        {state === 'loading' && (
          <Group gap="sm" data-testid="source-discovery-loading">
            <Loader size="sm" />
            <Text size="sm">{t('sources.discovery.loading')}</Text>
          </Group>
        )}
        {state === 'error' && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t('errors.titles.sorry')}>
            {failureText}
          </Alert>
        )}

        {state === 'done' && discovery && (
          <Stack gap="md" data-testid="source-discovery-done">
            <Group gap="xs">
              <IconCircleCheck size={18} color="var(--mantine-color-green-6)" />
              <Text size="sm">{t('sources.discovery.done', { devices: devices.length, points: discovery.proposals.length })}</Text>
            </Group>
            {devices.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('sources.discovery.empty')}
              </Text>
            )}
            {devices.map(([id, device]) => (
              <Card key={id} withBorder radius="sm" padding="sm">
                <Stack gap={6}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600}>{device.name}</Text>
                    {device.group && (
                      <Badge variant="light" color="gray">
                        {device.group}
                      </Badge>
                    )}
                  </Group>
                  {device.proposals.map((proposal) => (
                    <Group key={proposal.key} justify="space-between" wrap="nowrap" gap="xs">
                      <Checkbox
                        label={
                          <Stack gap={0}>
                            <Text size="sm">
                              {proposal.name}
                              {proposal.unit ? ` (${proposal.unit})` : ''}
                            </Text>
                            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                              {proposal.technical_id}
                            </Text>
                          </Stack>
                        }
                        checked={proposal.point !== null || chosen.has(proposal.key)}
                        disabled={proposal.point !== null}
                        onChange={() => toggle(proposal.key)}
                        data-testid="source-proposal"
                      />
                      {proposal.point && (
                        <Badge color="green" variant="light">
                          {t('sources.discovery.existing')}
                        </Badge>
                      )}
                    </Group>
                  ))}
                </Stack>
              </Card>
            ))}
            {discovery.proposals.some((proposal) => proposal.point === null) && (
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Select
                    label={t('sources.discovery.resource')}
                    description={t('sources.discovery.resourceHint')}
                    clearable
                    data={RESOURCES.map((value) => ({ value, label: t(`labels.resources.${value}`) }))}
                    value={resource}
                    onChange={setResource}
                  />
                  <Select
                    label={t('sources.discovery.location')}
                    placeholder={t('sources.discovery.noLocation')}
                    clearable
                    data={locationChoices}
                    {...locationPickerProps(locationChoices.map(({ value, label, address }) => ({ _id: value, name: label, address })))}
                    value={location}
                    onChange={setLocation}
                  />
                </SimpleGrid>
                <Group justify="flex-end">
                  <Button leftSection={<IconPlus size={16} />} disabled={chosen.size === 0} loading={create.isPending} onClick={() => create.mutate()} data-testid="source-create-points">
                    {t('sources.discovery.create', { count: chosen.size })}
                  </Button>
                </Group>
              </Stack>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
};

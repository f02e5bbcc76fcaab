import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Group, Menu, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconRefresh, IconRotateClockwise, IconCloudDownload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import type { ApplicationInformation, DatabaseDump } from '@shared/schemas/application';
import { formatFileSize } from '../../../lib/file-size';
import { errorCodeOf } from '../../../lib/http';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { ABOUT_KEYS, applicationInformationQueryOptions, checkUpdate, forceUpdate, restartApplication, startDatabaseDump } from '../api/application';
import { DatabaseDumpProgress } from './database-dump-progress';

export interface AboutPanelProps {
  /** Restart and updates: super users and root. */
  canOperate: boolean;
  /** The database dump: root only. */
  canDump: boolean;
}

const dateText = (iso: string | null | undefined) => (iso ? DateTime.fromISO(iso).toFormat('dd/MM/yyyy HH:mm:ss') : '—');

const Fact = ({ label, value, testId }: { label: string; value: string; testId?: string }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed" tt="uppercase">
      {label}
    </Text>
    <Text size="sm" data-testid={testId} style={{ wordBreak: 'break-word' }}>
      {value}
    </Text>
  </Stack>
);

const sizeText = (size: ApplicationInformation['sizes']['entities'], t: (key: string, options?: Record<string, unknown>) => string) =>
  `${formatFileSize(size.bytes, currentLanguage())} · ${t('labels.about.items', { count: size.items })}`;

/** The about screen (spec 1 §2.4): what runs, restart, database dump, updates. */
export const AboutPanel = ({ canOperate, canDump }: AboutPanelProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const information = useQuery(applicationInformationQueryOptions());
  const [newVersion, setNewVersion] = useState<string | null>(null);
  const [upToDate, setUpToDate] = useState(false);
  const failed = (error: unknown) =>
    notify({ kind: 'warning', title: t('errors.titles.sorry'), message: t([`errors.${errorCodeOf(error)}`, 'errors.generic']) });

  const restart = useMutation({
    mutationFn: restartApplication,
    onSuccess: () => {
      notify({ kind: 'success', title: t('labels.about.restart'), message: t('messages.about.restarting') });
      void queryClient.invalidateQueries({ queryKey: ABOUT_KEYS.information });
    },
    onError: failed,
  });
  const [dumpStarted, setDumpStarted] = useState<DatabaseDump | null>(null);
  const dump = useMutation({ mutationFn: startDatabaseDump, onSuccess: setDumpStarted, onError: failed });
  const check = useMutation({
    mutationFn: checkUpdate,
    onSuccess: (answer) => {
      setUpToDate(answer.new_version === null);
      setNewVersion(answer.new_version);
    },
    onError: failed,
  });
  const update = useMutation({
    mutationFn: forceUpdate,
    onSuccess: (answer) => {
      setNewVersion(null);
      notify({ kind: 'info', title: t('labels.about.update'), message: t('messages.about.updateStarted', { version: answer.version }) });
    },
    onError: failed,
  });

  const info = information.data;
  return (
    <Stack gap="md" maw={960}>
      <Title order={2}>{t('labels.about.title')}</Title>
      <Card withBorder padding="md">
        {info ? (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" data-testid="about-information">
            <Fact label={t('labels.about.version')} value={info.version} testId="about-version" />
            <Fact label={t('labels.about.commit')} value={info.commit} />
            <Fact label={t('labels.about.builtAt')} value={dateText(info.built_at)} />
            <Fact label={t('labels.about.deployedAt')} value={dateText(info.deployed_at)} />
            <Fact label={t('labels.about.restartedAt')} value={dateText(info.restarted_at)} />
            <Fact label={t('labels.about.environment')} value={t(`labels.about.environments.${info.environment}`)} />
            <Fact label={t('labels.about.stage')} value={`${info.stage} · ${info.region}`} />
            <Fact label={t('labels.about.machine')} value={info.machine_id} />
            <Fact label={t('labels.about.licence')} value={info.licence ?? t('labels.about.noLicence')} />
            <Fact label={t('labels.about.entitiesSize')} value={sizeText(info.sizes.entities, t)} />
            <Fact label={t('labels.about.seriesSize')} value={sizeText(info.sizes.series, t)} />
          </SimpleGrid>
        ) : (
          <Text c="dimmed">{t('labels.about.loading')}</Text>
        )}
      </Card>
      {info?.is_locked && <Alert color="red">{t('labels.about.locked')}</Alert>}
      {(canOperate || canDump) && (
        <Group gap="sm" wrap="wrap">
          {canOperate && (
            <Button leftSection={<IconRotateClockwise size={16} />} loading={restart.isPending} onClick={() => restart.mutate()}>
              {t('labels.about.restart')}
            </Button>
          )}
          {canDump && (
            <Menu position="bottom-start">
              <Menu.Target>
                <Button variant="light" leftSection={<IconDownload size={16} />} loading={dump.isPending}>
                  {t('labels.about.dump')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => dump.mutate('customer')}>{t('labels.about.dumpCustomer')}</Menu.Item>
                <Menu.Item onClick={() => dump.mutate('all')}>{t('labels.about.dumpAll')}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
          {canOperate && (
            <Button variant="light" leftSection={<IconRefresh size={16} />} loading={check.isPending} onClick={() => check.mutate()}>
              {t('labels.about.checkUpdate')}
            </Button>
          )}
        </Group>
      )}
      {dumpStarted && <DatabaseDumpProgress key={dumpStarted.job} started={dumpStarted} />}
      {upToDate && (
        <Alert color="green" data-testid="about-up-to-date">
          {t('messages.about.upToDate')}
        </Alert>
      )}
      <Modal opened={newVersion !== null} onClose={() => setNewVersion(null)} title={t('labels.about.update')} centered>
        <Stack gap="md">
          <Text data-testid="about-update-question">{t('messages.about.installQuestion')}</Text>
          <Text fw={600}>{t('labels.about.newVersion', { version: newVersion ?? '' })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setNewVersion(null)}>
              {t('buttons.no')}
            </Button>
            <Button leftSection={<IconCloudDownload size={16} />} loading={update.isPending} onClick={() => update.mutate()}>
              {t('buttons.yes')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
};

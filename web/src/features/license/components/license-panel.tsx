import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Card, FileInput, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCertificate, IconLock, IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import type { LicenseStatus } from '@shared/schemas/license';
import { PROVIDER_NAME } from '../../../lib/brand';
import { errorCodeOf } from '../../../lib/http';
import { notify, notifyGenericFailure } from '../../../lib/notify';
import { applyNewLicense, LICENSE_KEYS, licenseQueryOptions, uploadLicense } from '../api/license';

const STATUS_COLORS: Record<LicenseStatus['status'], string> = { none: 'gray', valid: 'green', expired: 'red' };

const formatDay = (value: string | null) => (value ? DateTime.fromISO(value).toFormat('dd/MM/yyyy') : '—');

const Fact = ({ label, value, testId }: { label: string; value: string; testId?: string }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text fw={600} data-testid={testId}>
      {value}
    </Text>
  </Stack>
);

export interface LicensePanelProps {
  /** Root installs licences; super users see what is installed. */
  canUpload: boolean;
}

/**
 * /settings/system/license (spec 3 §4, §8): the licence in force (licensee, customers and premium
 * customers used of how many, last day, status, lock), and for root the upload of a licence file.
 * A refused file shows the server's reason; an accepted one 'Your license has been activated. The
 * application is restarting', then the restart that applies it.
 */
export const LicensePanel = ({ canUpload }: LicensePanelProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery(licenseQueryOptions());
  const [busy, setBusy] = useState(false);

  const upload = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      await uploadLicense(await file.text());
      notify({ kind: 'success', title: t('toasts.ok'), message: t('toasts.license_activated') });
      await applyNewLicense();
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === 'internal_error') notifyGenericFailure();
      else notify({ kind: 'error', title: t('errors.titles.sorry'), message: t(`errors.${code}`) });
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: LICENSE_KEYS.status });
    }
  };

  const license = status.data;
  const limit = (used: number, max: number | null) => (max === null ? t('labels.license.usedUnlimited', { used }) : t('labels.license.usedOf', { used, max }));
  return (
    <Stack gap="md" data-testid="license">
      <Title order={2}>{t('labels.menu.license')}</Title>
      {status.isPending && <Loader />}
      {status.isError && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t('errors.titles.sorry')}>
          {t('errors.generic')}
        </Alert>
      )}
      {license?.is_locked && (
        <Alert color="red" variant="light" icon={<IconLock size={18} />} data-testid="license-locked">
          {t('errors.application_locked', { provider: PROVIDER_NAME })}
        </Alert>
      )}
      {license && (
        <Card withBorder padding="md">
          <Stack gap="md">
            <Group gap="sm" wrap="wrap">
              <IconCertificate size={22} />
              <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="license-licensee">
                {license.licensee ?? t('labels.license.noLicensee')}
              </Text>
              <Badge color={STATUS_COLORS[license.status]} variant="light" data-testid="license-status">
                {t(`labels.license.status.${license.status}`)}
              </Badge>
            </Group>
            {license.status === 'none' && (
              <Text size="sm" c="dimmed">
                {t('hints.license.none')}
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
              <Fact label={t('labels.license.customers')} value={limit(license.customers.used, license.customers.max)} testId="license-customers" />
              <Fact label={t('labels.license.premiumCustomers')} value={limit(license.premium_customers.used, license.premium_customers.max)} />
              <Fact label={t('labels.license.expires')} value={formatDay(license.expires)} testId="license-expires" />
              <Fact label={t('labels.license.installedAt')} value={formatDay(license.installed_at)} />
            </SimpleGrid>
          </Stack>
        </Card>
      )}
      {canUpload && (
        <Card withBorder padding="md">
          <Stack gap="xs">
            <FileInput
              label={t('labels.license.upload')}
              description={t('hints.license.upload')}
              placeholder={t('labels.license.choose')}
              leftSection={busy ? <Loader size={14} /> : <IconUpload size={16} />}
              accept=".lic,.jws,.txt,text/plain,application/octet-stream"
              onChange={(file) => void upload(file)}
              value={null}
              disabled={busy}
              clearable={false}
              data-testid="license-file"
            />
          </Stack>
        </Card>
      )}
    </Stack>
  );
};

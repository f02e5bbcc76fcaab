import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingFactory2, IconCrown, IconMapPins, IconUserShield } from '@tabler/icons-react';
import { useLoginPayload } from '../../../lib/session';

const Tile = ({ icon, color, label, children }: { icon: ReactNode; color: string; label: string; children: ReactNode }) => (
  <Card withBorder radius="md" padding="md">
    <Group wrap="nowrap" gap="md">
      <ThemeIcon size={44} radius="md" variant="light" color={color}>
        {icon}
      </ThemeIcon>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        {children}
      </Stack>
    </Group>
  </Card>
);

/** One formatter per language: building one reads the locale's data, which is not free. */
const FORMATS = new Map<string, Intl.DateTimeFormat>();
const fullDateFormat = (language: string): Intl.DateTimeFormat => {
  let format = FORMATS.get(language);
  if (!format) FORMATS.set(language, (format = new Intl.DateTimeFormat(language, { dateStyle: 'full' })));
  return format;
};

/** The head of the dashboard: a greeting, today, and (on wide screens) who is signed in, for which customer, with which licence. */
export const DashboardOverview = ({ children }: { children?: ReactNode }) => {
  const { t, i18n } = useTranslation();
  const { user, customer, is_premium: isPremium, locations_flattened: locations } = useLoginPayload();
  const date = fullDateFormat(i18n.language).format(new Date());
  const today = date.charAt(0).toUpperCase() + date.slice(1);
  const openable = locations.filter((location) => location.clickable).length;
  return (
    <Stack gap="xl">
      <Stack gap={2}>
        <Title order={2}>{t('labels.overview.greeting', { name: user.first_name || user.email })}</Title>
        <Text c="dimmed">
          {today}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" visibleFrom="sm">
        <Tile icon={<IconBuildingFactory2 size={24} />} color="blue" label={t('labels.overview.customer')}>
          <Text fw={600} truncate data-testid="current-customer">
            {customer.name}
          </Text>
        </Tile>
        <Tile icon={<IconCrown size={24} />} color={isPremium ? 'yellow' : 'gray'} label={t('labels.overview.licence')}>
          <Group gap={6}>
            <Badge color={isPremium ? 'yellow' : 'gray'} variant={isPremium ? 'filled' : 'light'}>
              {isPremium ? t('labels.overview.premium') : t('labels.overview.standard')}
            </Badge>
          </Group>
        </Tile>
        <Tile icon={<IconUserShield size={24} />} color="grape" label={t('labels.overview.role')}>
          <Text fw={600}>{t(`labels.roles.${user.internal_role}`)}</Text>
        </Tile>
        <Tile icon={<IconMapPins size={24} />} color="teal" label={t('labels.overview.locations')}>
          <Text fw={600}>{t('labels.overview.locationCount', { count: openable })}</Text>
        </Tile>
      </SimpleGrid>
      {!isPremium && (
        <Text size="sm" c="dimmed">
          {t('hints.overview.standardLicence')}
        </Text>
      )}
      {children}
    </Stack>
  );
};

import { useTranslation } from 'react-i18next';
import { ActionIcon, Box, Divider, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconArrowUp, IconBuilding, IconCurrentLocation, IconRefresh } from '@tabler/icons-react';
import type { WeatherReport } from '@shared/schemas/weather';
import { WEATHER_MEASURE_UNITS } from '@shared/weather/units';
import { formatValue } from '@shared/widgets/value-format';
import { useRefreshAllowed } from '../hooks/use-refresh-allowed';
import { ConditionIcon } from './condition-icon';

const timeOf = (iso: string, language: string) => new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/** A day of the place's calendar (yyyy-MM-dd), named in the language: "lun. 24", "Mon 24". */
const dayOf = (date: string, language: string) => {
  const day = new Date(`${date}T00:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(day);
  return `${part({ weekday: 'short' })} ${part({ day: 'numeric' })}`;
};

const capitalized = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** The wind's arrow points where it blows to; the provider gives where it comes from. */
const WindArrow = ({ degrees }: { degrees: number | null }) => {
  const { t } = useTranslation();
  if (degrees === null) return null;
  return (
    <Box
      component="span"
      title={t('weather.windFrom', { degrees: Math.round(degrees) })}
      style={{ display: 'inline-flex', transform: `rotate(${degrees + 180}deg)` }}
    >
      <IconArrowUp size={12} stroke={2} aria-hidden />
    </Box>
  );
};

export const placeName = (report: WeatherReport, language: string): string => {
  const number = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const name = report.place.name || `${number.format(report.place.lat)}, ${number.format(report.place.lon)}`;
  return report.place.country ? `${name}, ${report.place.country}` : name;
};

interface Props {
  report: WeatherReport;
  language: string;
  refreshing: boolean;
  onRefresh: () => void;
}

/** The dropdown's content (spec 1 §2.3): the place, the weather now, five days, the last update and the refresh action. */
export const WeatherDetails = ({ report, language, refreshing, onRefresh }: Props) => {
  const { t } = useTranslation();
  const units = WEATHER_MEASURE_UNITS[report.units];
  const temperature = (value: number) => formatValue(value, units.temperature, language);
  const speed = (value: number) => formatValue(value, units.speed, language);
  const canRefresh = useRefreshAllowed(report.next_refresh_at);
  const { current } = report;

  const refreshLabel = canRefresh ? t('weather.refresh') : t('weather.refreshAt', { time: timeOf(report.next_refresh_at, language) });

  return (
    <Stack gap={0}>
      <Group px="md" py="xs" gap="xs" wrap="nowrap">
        {report.source === 'position' ? <IconCurrentLocation size={18} stroke={1.6} aria-hidden /> : <IconBuilding size={18} stroke={1.6} aria-hidden />}
        <Box miw={0}>
          <Text fw={600} size="sm" truncate data-testid="weather-place">
            {placeName(report, language)}
          </Text>
          <Text size="xs" c="dimmed" truncate data-testid="weather-source">
            {report.site ? t('weather.site', { name: report.site.name }) : t('weather.yourPosition')}
          </Text>
        </Box>
      </Group>
      <Divider />
      <Group px="md" py="sm" gap="md" wrap="nowrap" align="center" justify="space-between">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <ConditionIcon condition={current.condition} size={40} />
          <Box miw={0}>
            <Text fz={24} fw={600} lh={1.1} data-testid="weather-temperature">
              {temperature(current.temperature)}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {capitalized(current.condition.description)}
            </Text>
          </Box>
        </Group>
        <Stack gap={2} style={{ flexShrink: 0 }}>
          <Text size="xs">
            <Text span c="dimmed" size="xs">
              {t('weather.feelsLike')}
            </Text>{' '}
            {temperature(current.feels_like)}
          </Text>
          <Text size="xs">
            <Text span c="dimmed" size="xs">
              {t('weather.humidity')}
            </Text>{' '}
            {formatValue(current.humidity, units.humidity, language)}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Text size="xs" data-testid="weather-wind">
              <Text span c="dimmed" size="xs">
                {t('weather.wind')}
              </Text>{' '}
              {speed(current.wind_speed)}
            </Text>
            <WindArrow degrees={current.wind_deg} />
          </Group>
        </Stack>
      </Group>
      <Divider label={t('weather.forecast')} labelPosition="left" mx="md" />
      <Table verticalSpacing={4} horizontalSpacing="md" fz="xs" data-testid="weather-forecast">
        <Table.Tbody>
          {report.forecast.map((day) => (
            <Table.Tr key={day.date}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{capitalized(dayOf(day.date, language))}</Table.Td>
              <Table.Td w={28}>
                <Tooltip label={capitalized(day.condition.description)} withArrow>
                  <Box style={{ display: 'flex' }}>
                    <ConditionIcon condition={day.condition} size={20} labelled />
                  </Box>
                </Tooltip>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text span size="xs" c="dimmed">
                  {temperature(day.temperature_min)}
                </Text>{' '}
                / {temperature(day.temperature_max)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} ta="right">
                {speed(day.wind_speed)} <WindArrow degrees={day.wind_deg} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Divider />
      <Group px="md" py={6} justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed" data-testid="weather-updated" data-last-call={report.last_call}>
          {t('weather.updatedAt', { time: timeOf(report.last_call, language) })}
        </Text>
        <Tooltip label={refreshLabel} withArrow>
          {/* A disabled button takes no pointer events: the wrapper keeps the tooltip saying when it can. */}
          <Box component="span" data-testid="weather-refresh-wrapper">
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={onRefresh}
              disabled={!canRefresh}
              loading={refreshing}
              aria-label={refreshLabel}
              data-testid="weather-refresh"
            >
              <IconRefresh size={16} stroke={1.6} />
            </ActionIcon>
          </Box>
        </Tooltip>
      </Group>
    </Stack>
  );
};

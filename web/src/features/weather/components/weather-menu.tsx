import { useTranslation } from 'react-i18next';
import { ActionIcon, Button, Group, Loader, Popover, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCloudOff, IconMapPinOff, IconRefresh } from '@tabler/icons-react';
import { DEFAULT_LANGUAGE, LANGUAGES, MOBILE_BREAKPOINT_PX, type LanguageKey } from '@shared/constants';
import { WEATHER_MEASURE_UNITS } from '@shared/weather/units';
import { formatValue } from '@shared/widgets/value-format';
import { unitSystemOf } from '@shared/languages';
import { errorCodeOf } from '../../../lib/http';
import { useLanguages } from '../../../lib/languages';
import { useWeather } from '../api/get-weather';
import { useBrowserPosition } from '../hooks/use-browser-position';
import { ConditionIcon } from './condition-icon';
import { placeName, WeatherDetails } from './weather-details';

const languageOf = (language: string | undefined): LanguageKey =>
  LANGUAGES.includes(language as LanguageKey) ? (language as LanguageKey) : DEFAULT_LANGUAGE;

/**
 * The header's weather (spec 1 §2.3, §7): the browser's position first, the customer's first
 * located site when it is refused or unavailable; the temperature and an icon in the header
 * (the icon alone on small screens), the details and a refresh action in the dropdown.
 */
export const WeatherMenu = () => {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.resolvedLanguage);
  const compact = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, false, { getInitialValueInEffect: false });
  const browser = useBrowserPosition();
  const units = unitSystemOf(useLanguages(), language);
  const weather = useWeather({ position: browser.status === 'located' ? browser.position : null, language, units }, browser.status !== 'locating');
  const report = weather.data ?? null;

  const waiting = browser.status === 'locating' || weather.isPending;
  const temperature = report ? formatValue(report.current.temperature, WEATHER_MEASURE_UNITS[report.units].temperature, language) : null;
  const label = report
    ? t('weather.buttonLabel', { temperature, description: report.current.condition.description, place: placeName(report, language) })
    : t('weather.title');
  const glyph = waiting ? (
    <Loader size={16} color="gray" />
  ) : report ? (
    <ConditionIcon condition={report.current.condition} size={20} />
  ) : (
    <IconCloudOff size={20} stroke={1.6} aria-hidden />
  );

  return (
    <Popover width={340} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        {compact || !temperature ? (
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} data-testid="weather-button">
            {glyph}
          </ActionIcon>
        ) : (
          <Button variant="subtle" color="gray" size="compact-sm" leftSection={glyph} aria-label={label} data-testid="weather-button">
            {temperature}
          </Button>
        )}
      </Popover.Target>
      <Popover.Dropdown p={0} maw="calc(100vw - 16px)" data-testid="weather-dropdown">
        {report ? (
          <WeatherDetails report={report} language={language} refreshing={weather.isFetching} onRefresh={() => void weather.refetch()} />
        ) : (
          <Stack align="center" gap={6} p="md" c="dimmed">
            {waiting ? (
              <>
                <Loader size="sm" />
                <Text size="sm">{t(browser.status === 'locating' ? 'weather.locating' : 'weather.loading')}</Text>
              </>
            ) : weather.isError ? (
              <>
                <IconCloudOff size={24} stroke={1.4} aria-hidden />
                <Text size="sm" ta="center">
                  {t(`errors.${errorCodeOf(weather.error)}`)}
                </Text>
                <Group>
                  <ActionIcon variant="subtle" color="gray" onClick={() => void weather.refetch()} loading={weather.isFetching} aria-label={t('weather.refresh')}>
                    <IconRefresh size={16} stroke={1.6} />
                  </ActionIcon>
                </Group>
              </>
            ) : (
              <>
                <IconMapPinOff size={24} stroke={1.4} aria-hidden />
                <Text size="sm" ta="center" data-testid="weather-no-place">
                  {t('weather.noPlace')}
                </Text>
              </>
            )}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
};

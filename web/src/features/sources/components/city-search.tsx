import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { WEATHER_CITY_SEARCH } from '@shared/constants';
import { searchCities, type City } from '../api/cities';

const labelOf = (city: City) => (city.country ? `${city.name}, ${city.country}` : city.name);

/**
 * The weather source's city: searched from 3 characters, 500 ms after the last key, 30 results
 * at most (spec 3 §5, §9). The chosen city's name and provider id are what the source keeps.
 */
export const CitySearch = ({
  city,
  cityId,
  error,
  onChange,
}: {
  city: string | null;
  cityId: string | number | null;
  error?: string;
  onChange: (city: { name: string; id: number; lat: number; lon: number } | null) => void;
}) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState(city ?? '');
  const [debounced] = useDebouncedValue(search.trim(), WEATHER_CITY_SEARCH.debounceMs);
  const enabled = debounced.length >= WEATHER_CITY_SEARCH.minLength && debounced !== city;
  const found = useQuery({
    queryKey: ['weather', 'cities', debounced],
    queryFn: () => searchCities(debounced),
    enabled,
    staleTime: 60 * 60_000,
  });
  const options = useMemo(() => {
    const cities = (found.data ?? []).slice(0, WEATHER_CITY_SEARCH.maxResults);
    const list = cities.map((entry) => ({ value: String(entry.id), label: labelOf(entry) }));
    // The chosen city stays an option, so the field shows it while another search runs.
    if (cityId !== null && city && !list.some((option) => option.value === String(cityId))) list.unshift({ value: String(cityId), label: city });
    return list;
  }, [found.data, city, cityId]);

  return (
    <Select
      label={t('sources.form.city')}
      description={t('sources.form.cityHint', { count: WEATHER_CITY_SEARCH.minLength })}
      placeholder={t('sources.form.cityPlaceholder')}
      searchable
      clearable
      data={options}
      value={cityId === null ? null : String(cityId)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      onChange={(value, option) => {
        const chosen = found.data?.find((entry) => String(entry.id) === value);
        onChange(value && option && chosen ? { id: chosen.id, name: option.label, lat: chosen.lat, lon: chosen.lon } : null);
      }}
      leftSection={found.isFetching ? <Loader size={14} /> : <IconSearch size={16} />}
      nothingFoundMessage={search.trim().length < WEATHER_CITY_SEARCH.minLength ? t('sources.form.cityHint', { count: WEATHER_CITY_SEARCH.minLength }) : found.isFetching ? t('sources.form.citySearching') : t('sources.form.cityNone')}
      error={error}
      data-testid="source-city"
    />
  );
};

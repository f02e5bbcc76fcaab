import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Autocomplete, Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { ADDRESS_SEARCH } from '@shared/maplytics/constants';
import type { GeocodedAddress } from '@shared/schemas/maplytics';
import { addressSearchQueryOptions } from '../api/locations-and-points';

/**
 * A location's address with its search (spec 3 §2, §9): the geocoding provider is asked 500 ms
 * after the last key, from 3 characters, only about what the user types (not the address a
 * location opens with); choosing an answer hands over its coordinates and the view around them.
 */
export const AddressSearch = ({ value, onChange, onChoose }: { value: string; onChange: (address: string) => void; onChoose: (found: GeocodedAddress) => void }) => {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(false);
  const [query] = useDebouncedValue(value.trim(), ADDRESS_SEARCH.debounceMs);
  const search = useQuery({ ...addressSearchQueryOptions(query), enabled: typed && query.length >= ADDRESS_SEARCH.minLength });
  const answers = typed ? (search.data ?? []) : [];
  const labels = useMemo(() => [...new Set(answers.map((answer) => answer.label))], [answers]);

  return (
    <Autocomplete
      label={t('labels.location.address')}
      description={typed && search.isError ? t('errors.geocoding_unavailable') : t('hints.settingsLocations.address')}
      data={labels}
      // The provider already chose what matches: typing 'quai perrache' must still offer 'Quai Perrache 69002 Lyon'.
      filter={({ options }) => options}
      value={value}
      onChange={(next) => {
        onChange(next);
        setTyped(true);
      }}
      onOptionSubmit={(label) => {
        const found = answers.find((answer) => answer.label === label);
        if (!found) return;
        setTyped(false);
        onChoose(found);
      }}
      rightSection={typed && search.isFetching ? <Loader size={14} /> : null}
      maxLength={300}
      style={{ gridColumn: '1 / -1' }}
      data-testid="location-address"
    />
  );
};

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '@mantine/core';
import type { PointWithLocationNames } from '../api/points-with-location-names';

export const pointLabel = (point: PointWithLocationNames): string =>
  [`${point.name} (${point.technical_id})`, point.locations_name.join(', ')].filter(Boolean).join(' — ');

/** A searchable list of points, each named with its locations; picking one hands it over and clears the field. */
export const PointPicker = ({
  points,
  label,
  loading,
  onPick,
}: {
  points: PointWithLocationNames[];
  label: string;
  loading: boolean;
  onPick: (point: PointWithLocationNames) => void;
}) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  return (
    <Select
      label={label}
      placeholder={loading ? t('widgetDialog.hints.loadingPoints') : undefined}
      data={points.map((point) => ({ value: point._id, label: pointLabel(point) }))}
      value={null}
      onChange={(id) => {
        const picked = points.find((point) => point._id === id);
        setSearch('');
        if (picked) onPick(picked);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      clearable={false}
      nothingFoundMessage={t('widgetDialog.hints.noPointFound')}
      limit={200}
      data-testid="widget-point-picker"
    />
  );
};

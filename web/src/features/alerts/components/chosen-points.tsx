import { useTranslation } from 'react-i18next';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { RemoveButton } from '../../../components/remove-button';
import { searchedPointLabel } from '../../../components/point-search-picker';
import type { SearchedPoint } from '../../../lib/point-search';

/** The points an alert watches, each with its bin; a point not known yet (the list still loading) shows its id. */
export const ChosenPoints = ({ ids, known, onRemove }: { ids: readonly string[]; known: ReadonlyMap<string, SearchedPoint>; onRemove: (id: string) => void }) => {
  const { t } = useTranslation();
  if (ids.length === 0) return null;
  return (
    <Stack gap={4} role="list" aria-label={t('labels.alerts.chosenPoints')} data-testid="alert-chosen-points">
      {ids.map((id) => {
        const point = known.get(id);
        const name = point ? searchedPointLabel(point) : id;
        return (
          <Paper key={id} withBorder px="sm" py={4} role="listitem" data-point-id={id}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" truncate>
                {name}
              </Text>
              <RemoveButton label={t('labels.alerts.removePoint', { name: point?.name ?? id })} onClick={() => onRemove(id)} />
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
};

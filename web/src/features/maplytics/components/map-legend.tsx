import { useTranslation } from 'react-i18next';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { MARKER_COLORS, type MarkerColor } from '@shared/maplytics/constants';
import classes from './maplytics.module.css';

const ENTRIES: MarkerColor[] = ['green', 'yellow', 'orange', 'red', 'blue', 'violet'];

/** What the marker colours mean (spec 2 §4), over the map's corner. */
export const MapLegend = ({ compact }: { compact: boolean }) => {
  const { t } = useTranslation();
  return (
    <Paper className={classes.legend} p="xs" shadow="sm" withBorder data-testid="maplytics-legend">
      <Stack gap={4}>
        {!compact && (
          <Text size="xs" fw={600}>
            {t('maplytics.legend.title')}
          </Text>
        )}
        <Group gap={compact ? 8 : 10} wrap="wrap">
          {ENTRIES.map((color) => (
            <Group key={color} gap={4} wrap="nowrap">
              <span className={classes.swatch} style={{ backgroundColor: MARKER_COLORS[color] }} />
              <Text size="xs">{t(`maplytics.legend.${color}`)}</Text>
            </Group>
          ))}
          <Group gap={4} wrap="nowrap">
            <span className={classes.legendCluster} aria-hidden="true">
              12
            </span>
            <Text size="xs">{t('maplytics.legend.cluster')}</Text>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
};

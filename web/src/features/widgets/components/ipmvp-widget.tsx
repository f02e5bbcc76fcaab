import { useTranslation } from 'react-i18next';
import { Center, Progress, Stack, Text } from '@mantine/core';
import { displayUnit } from '@shared/series/rounding';
import { formatValue } from '@shared/widgets/value-format';
import { useRenderedSignal } from '../hooks/use-rendered-signal';
import type { WidgetTypeProps } from './widget-type-props';
import classes from './ipmvp-widget.module.css';

/**
 * Baseline, target and actual side by side ('Baseline-Target-Epi'), with a gauge of the actual
 * against the baseline: green while it stays within the target, red beyond it.
 */
export const IpmvpWidget = ({ data, onRendered }: WidgetTypeProps) => {
  const { t, i18n } = useTranslation();
  useRenderedSignal(onRendered);
  const ipmvp = data?.ipmvp;
  if (!ipmvp) return null;
  const shown = (value: number | null) => (value === null ? '-' : formatValue(value, ipmvp.unit, i18n.language, false));
  const unit = ipmvp.unit ? displayUnit(ipmvp.unit) : '';
  const figures = [
    { key: 'baseline', value: ipmvp.baseline },
    { key: 'target', value: ipmvp.target },
    { key: 'actual', value: ipmvp.actual },
  ] as const;
  const ofBaseline = ipmvp.actual !== null && ipmvp.baseline ? ipmvp.actual / ipmvp.baseline : null;
  const withinTarget = ipmvp.actual !== null && ipmvp.target !== null ? ipmvp.actual <= ipmvp.target : null;
  const baselineText = (share: number) =>
    t('widgets.labels.actualOfBaseline', { percent: new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }).format(share) });
  return (
    <Center h="100%" data-testid="ipmvp-widget">
      <Stack gap="sm" w="100%" px="sm" className={classes.room}>
        <div className={classes.figures}>
          {figures.map((figure) => (
            <div key={figure.key} className={classes.figure} data-testid={`ipmvp-${figure.key}`}>
              <Text size="xs" c="dimmed" tt="uppercase">
                {t(`widgets.labels.${figure.key}`)}
              </Text>
              <Text fw={700} fz="lg" className={classes.value}>
                {shown(figure.value)}
                {unit && figure.value !== null && (
                  <Text span fz="sm" fw={500} ml={4}>
                    {unit}
                  </Text>
                )}
              </Text>
            </div>
          ))}
        </div>
        {ofBaseline !== null && (
          <Stack gap={2}>
            {/* The bar is named by the sentence under it (WCAG 4.1.2). */}
            <Progress value={Math.min(100, ofBaseline * 100)} color={withinTarget === false ? 'red' : 'green'} size="lg" radius="xl" aria-label={baselineText(ofBaseline)} />
            <Text size="xs" c="dimmed" ta="center">
              {baselineText(ofBaseline)}
            </Text>
          </Stack>
        )}
      </Stack>
    </Center>
  );
};

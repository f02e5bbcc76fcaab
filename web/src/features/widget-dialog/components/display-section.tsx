import { useTranslation } from 'react-i18next';
import { Divider, NumberInput, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { SUPERIMPOSE_FILTERS, type WidgetInput } from '@shared/schemas/widget';
import { canSuperimpose, clampTooltipOffset } from '@shared/widgets/dialog-rules';
import type { KnownPoints } from '../../../lib/point-search';
import type { WidgetForm } from '../hooks/use-widget-form';
import { isInvalid } from '../hooks/widget-problems';
import { NormalisationList } from './normalisation-list';
import { numberFieldValue, numberOrNaN } from './number-field';
import { translatedOptions } from './translated-options';

type Flag = 'stacked' | 'show_values_on_chart' | 'show_only_chart' | 'hide_x_axis' | 'hide_y_axis' | 'hide_legend' | 'drilldown' | 'compare_periods';

const CHART_FLAGS: { flag: Flag; label: string }[] = [
  { flag: 'stacked', label: 'stacked' },
  { flag: 'show_values_on_chart', label: 'showValuesOnChart' },
  { flag: 'show_only_chart', label: 'showOnlyChart' },
  { flag: 'hide_x_axis', label: 'hideXAxis' },
  { flag: 'hide_y_axis', label: 'hideYAxis' },
  { flag: 'hide_legend', label: 'hideLegend' },
  { flag: 'drilldown', label: 'drilldown' },
];

/** The highest tooltip step a period holds; 0 where the auto-tooltip has no steps to point at. */
const highestTooltipStep = (settings: WidgetInput): number => clampTooltipOffset(settings.period, settings.sampling, Number.MAX_SAFE_INTEGER);

export const DisplaySection = ({ form, known }: { form: WidgetForm; known: KnownPoints }) => {
  const { t } = useTranslation();
  const { settings, change, problems } = form;
  const textOrImage = settings.type === 'text' || settings.type === 'image';
  const chart = settings.type === 'chart';
  const tooltipSteps = highestTooltipStep(settings);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={t('widgetDialog.labels.height')}
          value={numberFieldValue(settings.height)}
          onChange={(height) => change({ height: numberOrNaN(height) })}
          min={1}
          disabled={settings.type === 'text'}
          description={settings.type === 'text' ? t('widgetDialog.hints.textHeight') : undefined}
          error={isInvalid(problems, 'height') && t('widgetDialog.errors.invalidValue')}
          data-testid="widget-height"
        />
        <NumberInput
          label={t('widgetDialog.labels.widthPercent')}
          value={numberFieldValue(settings.width_percent)}
          onChange={(width) => change({ width_percent: numberOrNaN(width) })}
          min={1}
          max={100}
          decimalScale={1}
          error={isInvalid(problems, 'width_percent') && t('widgetDialog.errors.invalidValue')}
        />
      </SimpleGrid>
      <Switch
        label={t('widgetDialog.labels.hiddenTitleBar')}
        checked={settings.hidden_title_bar}
        onChange={(event) => change({ hidden_title_bar: event.currentTarget.checked })}
        disabled={textOrImage}
        description={textOrImage ? t('widgetDialog.hints.titleBarForced') : undefined}
      />
      {!textOrImage && (
        <>
          <Divider />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {chart &&
              CHART_FLAGS.map(({ flag, label }) => (
                <Switch
                  key={flag}
                  label={t(`widgetDialog.labels.${label}`)}
                  checked={settings[flag]}
                  onChange={(event) => change({ [flag]: event.currentTarget.checked })}
                />
              ))}
            <Switch
              label={t('widgetDialog.labels.comparePeriods')}
              checked={settings.compare_periods}
              onChange={(event) => change({ compare_periods: event.currentTarget.checked })}
            />
          </SimpleGrid>
          {chart && (
            <>
              <Divider />
              {canSuperimpose(settings) ? (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Switch
                    label={t('widgetDialog.labels.superimpose')}
                    checked={settings.superimpose}
                    onChange={(event) => change({ superimpose: event.currentTarget.checked })}
                    data-testid="widget-superimpose"
                  />
                  {settings.superimpose && (
                    <Select
                      label={t('widgetDialog.labels.superimposeFilter')}
                      data={translatedOptions(t, 'superimposeFilters', SUPERIMPOSE_FILTERS)}
                      value={settings.superimpose_filter}
                      onChange={(filter) => filter && change({ superimpose_filter: filter as WidgetInput['superimpose_filter'] })}
                      allowDeselect={false}
                    />
                  )}
                </SimpleGrid>
              ) : (
                <Text size="xs" c="dimmed">
                  {t('widgetDialog.hints.superimposeNeeds')}
                </Text>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Switch
                  label={t('widgetDialog.labels.autoTooltip')}
                  checked={settings.auto_tooltip}
                  onChange={(event) => change({ auto_tooltip: event.currentTarget.checked })}
                />
                {settings.auto_tooltip && (
                  <NumberInput
                    label={t('widgetDialog.labels.autoTooltipOffset')}
                    description={
                      tooltipSteps > 0 ? t('widgetDialog.hints.autoTooltipOffset', { max: tooltipSteps }) : t('widgetDialog.hints.autoTooltipUnsupported')
                    }
                    value={settings.auto_tooltip_offset}
                    onChange={(offset) => change({ auto_tooltip_offset: typeof offset === 'number' ? offset : 0 })}
                    min={0}
                    max={tooltipSteps}
                    disabled={tooltipSteps === 0}
                    allowDecimal={false}
                    allowNegative={false}
                  />
                )}
              </SimpleGrid>
            </>
          )}
          <Divider />
          <NormalisationList form={form} known={known} />
        </>
      )}
    </Stack>
  );
};

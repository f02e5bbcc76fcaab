import { useTranslation } from 'react-i18next';
import { ColorInput, Group, Paper, Select, SimpleGrid, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { RemoveButton } from '../../../components/remove-button';
import { PALETTE } from '@shared/constants';
import { CHART_STYLES, type ChartStyle, type WidgetPoint } from '@shared/schemas/widget';
import { CALCULATIONS, type Calculation } from '@shared/series/calculations';
import { convertibleUnits } from '@shared/series/unit-conversion';
import type { PointWithLocationNames } from '../api/points-with-location-names';
import { PointSettingsLink } from './point-settings-link';
import { translatedOptions } from './translated-options';

const NO_CONVERSION = '';

interface PointRowProps {
  widgetPoint: WidgetPoint;
  /** Unknown while the list loads, or when the point is no longer visible to the user. */
  point: PointWithLocationNames | undefined;
  canOpenPointSettings: boolean;
  onChange: (changes: Partial<WidgetPoint>) => void;
  onRemove: () => void;
}

export const PointRow = ({ widgetPoint, point, canOpenPointSettings, onChange, onRemove }: PointRowProps) => {
  const { t } = useTranslation();
  const evolution = widgetPoint.calculation === 'evo';
  const units = point ? convertibleUnits(point.unit) : [];
  return (
    <Paper withBorder p="sm" data-testid={`widget-point-${widgetPoint._id}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {point ? `${point.name} (${point.technical_id})` : widgetPoint._id}
            </Text>
            {point && point.locations_name.length > 0 && (
              <Text size="xs" c="dimmed" truncate>
                {point.locations_name.join(' · ')}
              </Text>
            )}
          </div>
          <Group gap="xs" wrap="nowrap">
            {point && canOpenPointSettings && <PointSettingsLink point={point} />}
            <Tooltip label={t('widgetDialog.buttons.removePoint')}>
              <RemoveButton onClick={onRemove} label={t('widgetDialog.buttons.removePoint')} />
            </Tooltip>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xs">
          <ColorInput
            label={t('widgetDialog.labels.color')}
            value={widgetPoint.color}
            onChange={(color) => onChange({ color })}
            swatches={[...PALETTE]}
            swatchesPerRow={7}
            withPicker={false}
            withEyeDropper={false}
            disallowInput
            closeOnColorSwatchClick
          />
          <Select<ChartStyle>
            label={t('widgetDialog.labels.style')}
            data={translatedOptions(t, 'styles', CHART_STYLES)}
            value={widgetPoint.type}
            onChange={(type) => type && onChange({ type })}
            allowDeselect={false}
          />
          <Select<Calculation>
            label={t('widgetDialog.labels.calculation')}
            data={translatedOptions(t, 'calculations', CALCULATIONS)}
            value={widgetPoint.calculation}
            onChange={(calculation) => calculation && onChange({ calculation })}
            allowDeselect={false}
          />
          <Select
            label={t('widgetDialog.labels.unitConversion')}
            data={[{ value: NO_CONVERSION, label: point?.unit ? `${t('widgetDialog.labels.noConversion')} (${point.unit})` : t('widgetDialog.labels.noConversion') }, ...units.map((unit) => ({ value: unit, label: unit }))]}
            value={widgetPoint.unit_conversion?.to ?? NO_CONVERSION}
            onChange={(to) => onChange({ unit_conversion: to ? { to } : null })}
            disabled={evolution || units.length === 0}
            description={evolution ? t('widgetDialog.hints.evoInPercent') : undefined}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Group gap="lg">
          <Switch label={t('widgetDialog.labels.visible')} checked={widgetPoint.visible} onChange={(event) => onChange({ visible: event.currentTarget.checked })} />
          <Switch
            label={t('widgetDialog.labels.showDetails')}
            checked={widgetPoint.show_details}
            onChange={(event) => onChange({ show_details: event.currentTarget.checked })}
          />
        </Group>
      </Stack>
    </Paper>
  );
};

import { useTranslation } from 'react-i18next';
import { Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { RemoveButton } from '../../../components/remove-button';
import { IconPlus } from '@tabler/icons-react';
import { MAX_NORMALISATIONS, type Normalisation } from '@shared/schemas/widget';
import { PointSearchPicker, searchedPointLabel } from '../../../components/point-search-picker';
import type { KnownPoints } from '../../../lib/point-search';
import type { WidgetForm } from '../hooks/use-widget-form';
import { isInvalid } from '../hooks/widget-problems';
import { numberFieldValue, numberOrNaN } from './number-field';

/** Values divided by a reference, `how many` at a time: per 100 m², per degree-day point… */
export const NormalisationList = ({ form, known }: { form: WidgetForm; known: KnownPoints }) => {
  const { t } = useTranslation();
  const { settings, change, problems } = form;
  const replace = (index: number, changes: Partial<Normalisation>) =>
    change((current) => ({ normalisation: current.normalisation.map((entry, at) => (at === index ? { ...entry, ...changes } : entry)) }));
  const kinds = [
    { value: 'surface', label: t('widgetDialog.labels.perSurface') },
    { value: 'point', label: t('widgetDialog.labels.perPoint') },
  ];
  // A point chosen earlier is named once it is known; until then, by its id.
  const pointText = (id: string) => {
    const point = known.byId.get(id);
    return point ? searchedPointLabel(point) : id || null;
  };
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('widgetDialog.labels.normalisation')}
      </Text>
      {settings.normalisation.map((entry, index) => (
        <Group key={index} align="flex-end" wrap="wrap" gap="xs">
          <NumberInput
            label={t('widgetDialog.labels.howMany')}
            value={numberFieldValue(entry.how_many)}
            onChange={(value) => replace(index, { how_many: numberOrNaN(value) })}
            min={0}
            w={110}
            error={isInvalid(problems, `normalisation.${index}.how_many`) && t('widgetDialog.errors.invalidValue')}
          />
          <Select
            label={t('widgetDialog.labels.per')}
            data={kinds}
            value={entry.what.kind}
            onChange={(kind) => kind && kind !== entry.what.kind && replace(index, { what: kind === 'surface' ? { kind: 'surface' } : { kind: 'point', point: '' } })}
            allowDeselect={false}
            w={170}
          />
          {entry.what.kind === 'point' && (
            <div style={{ flex: 1, minWidth: 220 }}>
              <PointSearchPicker
                label={t('widgetDialog.labels.normalisationPoint')}
                valueLabel={pointText(entry.what.point)}
                onPick={(point) => {
                  known.remember(point);
                  replace(index, { what: { kind: 'point', point: point._id } });
                }}
                error={isInvalid(problems, `normalisation.${index}.what.point`) && t('widgetDialog.errors.invalidValue')}
              />
            </div>
          )}
          <RemoveButton mb={4} label={t('widgetDialog.buttons.removeNormalisation')} onClick={() => change((current) => ({ normalisation: current.normalisation.filter((_, at) => at !== index) }))} />
        </Group>
      ))}
      {settings.normalisation.length < MAX_NORMALISATIONS && (
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => change((current) => ({ normalisation: [...current.normalisation, { how_many: 1, what: { kind: 'surface' } }] }))}
          >
            {t('widgetDialog.buttons.addNormalisation')}
          </Button>
        </Group>
      )}
    </Stack>
  );
};

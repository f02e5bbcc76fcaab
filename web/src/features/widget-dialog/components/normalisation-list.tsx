import { useTranslation } from 'react-i18next';
import { Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { RemoveButton } from '../../../components/remove-button';
import { IconPlus } from '@tabler/icons-react';
import { MAX_NORMALISATIONS, type Normalisation } from '@shared/schemas/widget';
import type { PointWithLocationNames } from '../api/points-with-location-names';
import type { WidgetForm } from '../hooks/use-widget-form';
import { isInvalid } from '../hooks/widget-problems';
import { pointLabel } from './point-picker';
import { numberFieldValue, numberOrNaN } from './number-field';

/** Point ids are made by the server (`pt-…`), so they never read as this word. */
const PER_SURFACE = 'surface';

const whatOf = (choice: string): Normalisation['what'] => (choice === PER_SURFACE ? { kind: 'surface' } : { kind: 'point', point: choice });
const choiceOf = (what: Normalisation['what']): string => (what.kind === 'surface' ? PER_SURFACE : what.point);

/** Values divided by a reference, `how many` at a time: per 100 m², per degree-day point… */
export const NormalisationList = ({ form, points }: { form: WidgetForm; points: PointWithLocationNames[] }) => {
  const { t } = useTranslation();
  const { settings, change, problems } = form;
  const replace = (index: number, changes: Partial<Normalisation>) =>
    change((current) => ({ normalisation: current.normalisation.map((entry, at) => (at === index ? { ...entry, ...changes } : entry)) }));
  const options = [{ value: PER_SURFACE, label: t('widgetDialog.labels.perSurface') }, ...points.map((point) => ({ value: point._id, label: pointLabel(point) }))];
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('widgetDialog.labels.normalisation')}
      </Text>
      {settings.normalisation.map((entry, index) => (
        <Group key={index} align="flex-end" wrap="nowrap" gap="xs">
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
            data={options}
            value={choiceOf(entry.what)}
            onChange={(choice) => choice && replace(index, { what: whatOf(choice) })}
            searchable
            allowDeselect={false}
            style={{ flex: 1 }}
          />
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

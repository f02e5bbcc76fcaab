import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Stack, Text } from '@mantine/core';
import { PointSearchPicker } from '../../../components/point-search-picker';
import type { KnownPoints } from '../../../lib/point-search';
import type { WidgetForm } from '../hooks/use-widget-form';
import { PointRow } from './point-row';

interface PointsSectionProps {
  form: WidgetForm;
  known: KnownPoints;
  canOpenPointSettings: boolean;
}

export const PointsSection = ({ form, known, canOpenPointSettings }: PointsSectionProps) => {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { settings } = form;
  const chosen = new Set(settings.points.map((point) => point._id));
  return (
    <Stack gap="sm">
      {known.failed && <Alert color="red">{t('widgetDialog.errors.pointsFailed')}</Alert>}
      <PointSearchPicker
        label={t('widgetDialog.labels.pointPicker')}
        placeholder={t('pointPicker.hints.typeToSearch')}
        exclude={chosen}
        onPick={(point) => {
          known.remember(point);
          setRefusal(form.addPoint(point));
        }}
        testId="widget-point-picker"
      />
      {refusal && (
        <Alert color="yellow" withCloseButton onClose={() => setRefusal(null)} data-testid="widget-point-refusal">
          {t(refusal)}
        </Alert>
      )}
      {settings.points.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('widgetDialog.hints.noPoints')}
        </Text>
      )}
      {settings.points.map((widgetPoint) => (
        <PointRow
          key={widgetPoint._id}
          widgetPoint={widgetPoint}
          point={known.byId.get(widgetPoint._id)}
          canOpenPointSettings={canOpenPointSettings}
          onChange={(changes) => form.changePoint(widgetPoint._id, changes)}
          onRemove={() => {
            setRefusal(null);
            form.removePoint(widgetPoint._id);
          }}
        />
      ))}
    </Stack>
  );
};

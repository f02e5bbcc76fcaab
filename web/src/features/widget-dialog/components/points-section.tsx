import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Stack, Text } from '@mantine/core';
import type { PointWithLocationNames } from '../api/points-with-location-names';
import type { WidgetForm } from '../hooks/use-widget-form';
import { PointPicker } from './point-picker';
import { PointRow } from './point-row';

interface PointsSectionProps {
  form: WidgetForm;
  points: PointWithLocationNames[];
  loading: boolean;
  failed: boolean;
  canOpenPointSettings: boolean;
}

export const PointsSection = ({ form, points, loading, failed, canOpenPointSettings }: PointsSectionProps) => {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { settings } = form;
  const chosen = new Set(settings.points.map((point) => point._id));
  const pointById = new Map(points.map((point) => [point._id, point]));
  return (
    <Stack gap="sm">
      {failed && <Alert color="red">{t('widgetDialog.errors.pointsFailed')}</Alert>}
      <PointPicker
        label={t('widgetDialog.labels.pointPicker')}
        points={points.filter((point) => !chosen.has(point._id))}
        loading={loading}
        onPick={(point) => setRefusal(form.addPoint(point))}
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
          point={pointById.get(widgetPoint._id)}
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

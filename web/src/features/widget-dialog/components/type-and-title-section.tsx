import { useTranslation } from 'react-i18next';
import { Select, Stack, Switch, TextInput } from '@mantine/core';
import { WIDGET_TYPES, type WidgetInput, type WidgetType } from '@shared/schemas/widget';
import type { WidgetForm } from '../hooks/use-widget-form';
import { isInvalid } from '../hooks/widget-problems';
import { translatedOptions } from './translated-options';

const TREND_TYPES = ['fall_is_good', 'rise_is_good'] as const satisfies readonly WidgetInput['trend']['type'][];

/** A report's widgets are shared with their report: the switch is a dashboard widget's only. */
export const TypeAndTitleSection = ({ form, withSharing }: { form: WidgetForm; withSharing: boolean }) => {
  const { t } = useTranslation();
  const { settings, change, problems } = form;
  return (
    <Stack gap="sm">
      <Select<WidgetType>
        label={t('widgetDialog.labels.type')}
        data={translatedOptions(t, 'types', WIDGET_TYPES)}
        value={settings.type}
        onChange={(type) => type && change({ type })}
        allowDeselect={false}
        data-testid="widget-type"
      />
      <TextInput
        label={t('widgetDialog.labels.title')}
        value={settings.title}
        onChange={(event) => change({ title: event.currentTarget.value })}
        error={isInvalid(problems, 'title') && t('widgetDialog.errors.invalidValue')}
        data-testid="widget-title"
      />
      {settings.type === 'trend' && (
        <Select
          label={t('widgetDialog.labels.trendType')}
          data={translatedOptions(t, 'trendTypes', TREND_TYPES)}
          value={settings.trend.type}
          onChange={(type) => type && change({ trend: { type } })}
          allowDeselect={false}
        />
      )}
      {withSharing && (
        <Switch
          label={t('widgetDialog.labels.shared')}
          checked={settings.sharing.shared}
          onChange={(event) => change({ sharing: { shared: event.currentTarget.checked } })}
        />
      )}
    </Stack>
  );
};

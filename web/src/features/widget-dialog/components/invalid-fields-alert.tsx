import { useTranslation } from 'react-i18next';
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { invalidFieldsOf, type WidgetProblems } from '../hooks/widget-problems';

/** Field names as their labels read (`width_percent` → `widthPercent`). */
const labelKeyOf = (field: string): string => field.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** Says which fields keep the widget from being saved, wherever their section is. */
export const InvalidFieldsAlert = ({ problems }: { problems: WidgetProblems }) => {
  const { t } = useTranslation();
  const fields = invalidFieldsOf(problems);
  if (fields.length === 0 && !problems.reversedRange) return null;
  const names = fields.map((field) => t(`widgetDialog.labels.${labelKeyOf(field)}`, { defaultValue: field }));
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="widget-dialog-invalid">
      {fields.length > 0 ? t('widgetDialog.errors.invalidFields', { fields: names.join(', ') }) : t('widgetDialog.errors.endBeforeStart')}
    </Alert>
  );
};

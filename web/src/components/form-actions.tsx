import { useTranslation } from 'react-i18next';
import { Button, Group } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';

export interface FormActionsProps {
  /** Absent on forms that stay on their screen (a profile card): no cancel then. */
  onCancel?: () => void;
  /** The save is under way: the save button spins and cannot be pressed twice. */
  saving: boolean;
  saveTestId: string;
  /** The save button's words when not 'Save' ('Change my password'). */
  saveLabel?: string;
}

/** The bar that ends a form: cancel, then save (the form's submit). */
export const FormActions = ({ onCancel, saving, saveTestId, saveLabel }: FormActionsProps) => {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm" wrap="wrap">
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          {t('buttons.cancel')}
        </Button>
      )}
      <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={saving} data-testid={saveTestId}>
        {saveLabel ?? t('buttons.save')}
      </Button>
    </Group>
  );
};

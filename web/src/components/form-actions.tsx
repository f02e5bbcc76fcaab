import { useTranslation } from 'react-i18next';
import { Button, Group } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';

export interface FormActionsProps {
  onCancel: () => void;
  /** The save is under way: the save button spins and cannot be pressed twice. */
  saving: boolean;
  saveTestId: string;
}

/** The bar that ends a form: cancel, then save (the form's submit). */
export const FormActions = ({ onCancel, saving, saveTestId }: FormActionsProps) => {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm" wrap="wrap">
      <Button variant="default" onClick={onCancel}>
        {t('buttons.cancel')}
      </Button>
      <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={saving} data-testid={saveTestId}>
        {t('buttons.save')}
      </Button>
    </Group>
  );
};

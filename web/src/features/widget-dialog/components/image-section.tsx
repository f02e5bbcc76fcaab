import { useTranslation } from 'react-i18next';
import { Button, Group, Stack, Switch, TextInput } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { WidgetForm } from '../hooks/use-widget-form';
import { isInvalid } from '../hooks/widget-problems';

/** Chooses an image of the gallery (built elsewhere): the image's id, or null when nothing was chosen. */
export type PickImage = (current: string | null) => Promise<string | null>;

export const ImageSection = ({ form, onPickImage }: { form: WidgetForm; onPickImage?: PickImage }) => {
  const { t } = useTranslation();
  const { settings, change, problems } = form;
  const setSource = (source: string | null) => change((current) => ({ image: { ...current.image, source } }));
  return (
    <Stack gap="sm">
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          label={t('widgetDialog.labels.image')}
          placeholder={t('widgetDialog.labels.noImage')}
          value={settings.image.source ?? ''}
          onChange={(event) => setSource(event.currentTarget.value.trim() || null)}
          error={isInvalid(problems, 'image') && t('widgetDialog.errors.invalidValue')}
          style={{ flex: 1 }}
          data-testid="widget-image-source"
        />
        {onPickImage && (
          <Button
            variant="light"
            leftSection={<IconPhoto size={16} />}
            onClick={async () => {
              const picked = await onPickImage(settings.image.source);
              if (picked) setSource(picked);
            }}
          >
            {t('widgetDialog.buttons.pickImage')}
          </Button>
        )}
      </Group>
      <Switch
        label={t('widgetDialog.labels.asCard')}
        checked={settings.image.isCard}
        onChange={(event) => {
          const isCard = event.currentTarget.checked;
          change((current) => ({ image: { ...current.image, isCard } }));
        }}
      />
    </Stack>
  );
};

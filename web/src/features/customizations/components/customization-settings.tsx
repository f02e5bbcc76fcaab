import { useTranslation } from 'react-i18next';
import { Box, Button, Card, FileButton, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRestore, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CUSTOMIZATION_IMAGE_TYPES, CUSTOMIZATION_KINDS, CUSTOMIZATION_MAX_BYTES, type CustomizationKind } from '@shared/schemas/customization';
import type { Customizations } from '@shared/schemas/session';
import { errorCodeOf } from '../../../lib/http';
import { notify, notifyGenericFailure } from '../../../lib/notify';
import { customizationsQueryOptions, useCustomizations } from '../api/get-customizations';
import { isCustomizationImageType, removeCustomization, uploadCustomization } from '../api/update-customizations';
import { AppLogo } from './app-logo';

const KIND_IDS: Record<CustomizationKind, string> = { logo: 'logo', background_image: 'background' };

/**
 * /settings/system/customization (spec 3 §3): the logo (header and sign-in screen) and the sign-in
 * background. A change shows at once in this browser (the header and the sign-in screen read the
 * same query); other browsers see it when they next load the customizations.
 */
export const CustomizationSettings = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useCustomizations();
  const show = (next: Customizations) => queryClient.setQueryData(customizationsQueryOptions().queryKey, next);
  const failed = (kind: CustomizationKind) => (error: unknown) => {
    const code = error instanceof Error && error.message === 'image_type_invalid' ? 'image_type_invalid' : errorCodeOf(error);
    if (code === 'internal_error') return notifyGenericFailure();
    const message = code === 'image_type_invalid' ? t('customization.errors.image_type_invalid') : code === 'image_too_large' ? t(`customization.errors.too_large_${kind}`) : t(`errors.${code}`);
    notify({ kind: 'warning', title: t('errors.titles.sorry'), message });
  };
  const upload = useMutation({
    mutationFn: ({ kind, file }: { kind: CustomizationKind; file: File }) => uploadCustomization(kind, file),
    onSuccess: (next) => {
      show(next);
      notify({ kind: 'success', title: t('toasts.ok'), message: t('customization.uploaded') });
    },
    onError: (error, { kind }) => failed(kind)(error),
  });
  const remove = useMutation({
    mutationFn: (kind: CustomizationKind) => removeCustomization(kind),
    onSuccess: (next) => {
      show(next);
      notify({ kind: 'success', title: t('toasts.ok'), message: t('customization.removed') });
    },
    onError: (error, kind) => failed(kind)(error),
  });

  const chosen = (kind: CustomizationKind) => (file: File | null) => {
    if (!file) return;
    if (!isCustomizationImageType(file.type)) return failed(kind)(new Error('image_type_invalid'));
    if (file.size > CUSTOMIZATION_MAX_BYTES[kind]) return notify({ kind: 'warning', title: t('errors.titles.sorry'), message: t(`customization.errors.too_large_${kind}`) });
    upload.mutate({ kind, file });
  };

  return (
    <Stack gap="md" maw={960}>
      <Title order={2}>{t('customization.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('customization.hint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {CUSTOMIZATION_KINDS.map((kind) => {
          const current = data[kind];
          const busy = (upload.isPending && upload.variables?.kind === kind) || (remove.isPending && remove.variables === kind);
          return (
            <Card key={kind} withBorder radius="md" padding="lg" data-testid={`customization-${KIND_IDS[kind]}`}>
              <Stack gap="sm">
                <Text fw={600}>{t(`customization.${kind}`)}</Text>
                <Box
                  h={140}
                  style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'var(--mantine-color-gray-0)', borderRadius: 6, overflow: 'hidden' }}
                >
                  {current ? (
                    <Image src={current} alt={t(`customization.${kind}`)} mah={140} fit="contain" data-testid={`customization-${KIND_IDS[kind]}-preview`} />
                  ) : kind === 'logo' ? (
                    <AppLogo size="lg" />
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('customization.builtIn')}
                    </Text>
                  )}
                </Box>
                <Group gap="sm" wrap="wrap">
                  <FileButton onChange={chosen(kind)} accept={CUSTOMIZATION_IMAGE_TYPES.join(',')}>
                    {(props) => (
                      <Button {...props} leftSection={<IconUpload size={16} />} loading={busy && upload.isPending} data-testid={`customization-${KIND_IDS[kind]}-upload`}>
                        {t(current ? 'customization.replace' : 'customization.upload')}
                      </Button>
                    )}
                  </FileButton>
                  {current && (
                    <Button
                      variant="default"
                      leftSection={<IconRestore size={16} />}
                      onClick={() => remove.mutate(kind)}
                      loading={busy && remove.isPending}
                      data-testid={`customization-${KIND_IDS[kind]}-remove`}
                    >
                      {t('customization.remove')}
                    </Button>
                  )}
                </Group>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
};

import { useTranslation } from 'react-i18next';
import { ActionIcon, Alert, Box, Button, FileButton, Group, Image as Picture, Modal, SimpleGrid, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@shared/schemas/image';
import { errorCodeOf } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { deleteImage, IMAGE_KEYS, imagesQueryOptions, isImageType, uploadImage } from '../api/images';

/** Row height of the gallery, and how many images a row holds above 1000 px wide (else 2). */
const ROW_HEIGHT = 200;
const WIDE_SCREEN_PX = 1000;

interface ImageGalleryProps {
  opened: boolean;
  onClose: () => void;
  /** When set, a click picks the image. */
  onPick?: (imageId: string) => void;
}

/** The customer's images: upload (type and size checked here and by the server), pick, delete after confirmation. */
export const ImageGallery = ({ opened, onClose, onPick }: ImageGalleryProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const wide = useMediaQuery(`(min-width: ${WIDE_SCREEN_PX}px)`);
  const images = useQuery({ ...imagesQueryOptions(), enabled: opened });
  const refresh = () => queryClient.invalidateQueries({ queryKey: IMAGE_KEYS.all });
  const upload = useMutation({
    mutationFn: uploadImage,
    onSuccess: refresh,
    onError: (error) => {
      const code = errorCodeOf(error) === 'internal_error' && error instanceof Error ? error.message : errorCodeOf(error);
      notify({ kind: 'warning', title: t('errors.titles.sorry'), message: t(code === 'image_too_large' || code === 'image_type_invalid' ? `images.errors.${code}` : 'errors.generic') });
    },
  });

  const chosen = (file: File | null) => {
    if (!file) return;
    if (!isImageType(file.type)) return notify({ kind: 'warning', title: t('errors.titles.sorry'), message: t('images.errors.image_type_invalid') });
    if (file.size > IMAGE_MAX_BYTES) return notify({ kind: 'warning', title: t('errors.titles.sorry'), message: t('images.errors.image_too_large') });
    upload.mutate(file);
  };

  const confirmDelete = (id: string, name: string) =>
    modals.openConfirmModal({
      title: t('dashboard.confirm.title'),
      children: <Text size="sm">{t('images.confirmDelete', { name })}</Text>,
      labels: { confirm: t('buttons.delete'), cancel: t('buttons.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await deleteImage(id);
        } catch {
          notify({ kind: 'warning', title: t('errors.titles.sorry'), message: t('errors.generic') });
        }
        await refresh();
      },
    });

  return (
    <Modal opened={opened} onClose={onClose} title={t('images.title')} size="xl" data-testid="image-gallery">
      <Stack>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('images.hint')}
          </Text>
          <FileButton onChange={chosen} accept={IMAGE_TYPES.join(',')}>
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={16} />} loading={upload.isPending} data-testid="image-upload">
                {t('images.upload')}
              </Button>
            )}
          </FileButton>
        </Group>
        {images.data?.length === 0 && <Alert color="blue">{t('images.empty')}</Alert>}
        <SimpleGrid cols={wide ? 3 : 2} spacing="sm">
          {images.data?.map((image) => (
            <Box key={image._id} pos="relative" h={ROW_HEIGHT} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4, overflow: 'hidden' }}>
              <UnstyledButton onClick={() => onPick?.(image._id)} disabled={!onPick} w="100%" h="100%" aria-label={image.name} data-image-id={image._id}>
                <Picture src={image.url} alt={image.name} h={ROW_HEIGHT} fit="contain" />
              </UnstyledButton>
              <Group pos="absolute" bottom={0} left={0} right={0} justify="space-between" px={6} py={2} bg="rgba(255,255,255,0.85)" wrap="nowrap">
                <Text size="xs" truncate>
                  {image.name}
                </Text>
                <Tooltip label={t('buttons.delete')}>
                  <ActionIcon size="sm" color="red" variant="subtle" onClick={() => confirmDelete(image._id, image.name)} aria-label={t('buttons.delete')}>
                    <IconTrash size={14} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Box>
          ))}
        </SimpleGrid>
      </Stack>
    </Modal>
  );
};

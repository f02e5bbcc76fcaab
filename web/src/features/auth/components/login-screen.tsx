import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { LanguageSelector } from '../../../components/language-selector';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/skip-link';
import { PRODUCT_NAME } from '../../../lib/brand';

interface LoginScreenProps {
  logo: ReactNode;
  backgroundImage: string | null;
  children: ReactNode;
  /** The heading's translation key: sign-in unless another public screen uses the frame. */
  titleKey?: string;
}

/** The public frame of the sign-in screen, with the customer's background image when there is one. */
export const LoginScreen = ({ logo, backgroundImage, children, titleKey = 'labels.login.title' }: LoginScreenProps) => {
  const { t } = useTranslation();
  return (
    <Box
      mih="100vh"
      pos="relative"
      style={{
        background: backgroundImage
          ? `center / cover no-repeat url(${JSON.stringify(backgroundImage)})`
          : 'linear-gradient(135deg, var(--mantine-color-blue-0) 0%, var(--mantine-color-gray-1) 55%, var(--mantine-color-teal-0) 100%)',
      }}
    >
      <SkipLink />
      <Box pos="absolute" top="var(--mantine-spacing-sm)" right="var(--mantine-spacing-sm)" bg="white" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <LanguageSelector />
      </Box>
      {/* Room above the card for the language selector on a phone, where a tall card reaches the top. */}
      <Center component="main" id={MAIN_CONTENT_ID} tabIndex={-1} mih="100vh" p="md" pt={56}>
        <Paper withBorder shadow="md" radius="md" p="xl" w="100%" maw={420}>
          <Stack gap="lg">
            <Stack gap={6} align="center">
              {logo}
              <Title order={2} ta="center">
                {t(titleKey)}
              </Title>
              <Text c="dimmed" size="sm" ta="center">
                {t('hints.login.subtitle', { product: PRODUCT_NAME })}
              </Text>
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
};

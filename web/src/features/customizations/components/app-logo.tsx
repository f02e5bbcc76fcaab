import { Group, Image, Text } from '@mantine/core';
import { PRODUCT_NAME } from '../../../lib/brand';
import { useCustomizations } from '../api/get-customizations';

const SIZES = { sm: { mark: 28, text: 'lg' }, lg: { mark: 44, text: '26px' } } as const;

/** The built-in mark, used when no customization logo was uploaded. */
const BuiltInLogo = ({ size }: { size: keyof typeof SIZES }) => (
  <Group gap={8} wrap="nowrap">
    <svg width={SIZES[size].mark} height={SIZES[size].mark} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="var(--mantine-color-blue-filled)" />
      <path d="M18.5 4 8 18h7l-1.5 10L24 14h-7z" fill="#fff" />
    </svg>
    <Text fw={800} fz={SIZES[size].text} c="blue.8" className="ww-logo-name" style={{ letterSpacing: '-0.02em' }}>
      {PRODUCT_NAME}
    </Text>
  </Group>
);

/** The customization logo of the header and the sign-in screen. */
export const AppLogo = ({ size = 'sm' }: { size?: keyof typeof SIZES }) => {
  const { data } = useCustomizations();
  if (!data.logo) return <BuiltInLogo size={size} />;
  return <Image src={data.logo} alt={PRODUCT_NAME} h={SIZES[size].mark} w="auto" fit="contain" />;
};

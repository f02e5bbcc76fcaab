import { useTranslation } from 'react-i18next';
import { ActionIcon, Anchor, Box, Breadcrumbs, Group, Text } from '@mantine/core';
import { LazyTooltip } from '../../../components/lazy-tooltip';
import { IconHome, IconRefresh } from '@tabler/icons-react';
import { Link, useMatches } from '@tanstack/react-router';
import { crumbsOf, type Crumb } from '../../../lib/crumbs';

export type { Crumb } from '../../../lib/crumbs';

/** The ribbon under the header: refresh, then breadcrumbs derived from the current route. */
export const Ribbon = ({ onRefresh }: { onRefresh: () => void }) => {
  const { t } = useTranslation();
  const crumbs = useMatches({ select: (matches) => matches.flatMap((match) => crumbsOf(match.loaderData)) });
  const text = (crumb: Crumb) => crumb.label ?? t(crumb.labelKey ?? '');
  return (
    <Group
      gap="sm"
      px="md"
      py={6}
      wrap="nowrap"
      bg="gray.0"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      data-testid="ribbon"
    >
      <LazyTooltip label={t('buttons.refresh')} withArrow>
        <ActionIcon variant="default" size="md" onClick={onRefresh} aria-label={t('buttons.refresh')}>
          <IconRefresh size={16} />
        </ActionIcon>
      </LazyTooltip>
      {/* A named navigation landmark: Mantine's Breadcrumbs is a plain block, which may not carry a name. */}
      <Box component="nav" aria-label={t('labels.shell.breadcrumbs')} style={{ minWidth: 0 }}>
        <Breadcrumbs separator="›" separatorMargin={6} style={{ flexWrap: 'wrap', minWidth: 0 }}>
          <IconHome size={15} color="var(--mantine-color-gray-6)" />
          {crumbs.map((crumb, index) =>
            crumb.to && index < crumbs.length - 1 ? (
              <Anchor key={index} component={Link} to={crumb.to as '/dashboard'} params={crumb.params as never} size="sm">
                {text(crumb)}
              </Anchor>
            ) : (
              <Text key={index} size="sm" c={index === crumbs.length - 1 ? 'dark.7' : 'dimmed'} fw={index === crumbs.length - 1 ? 600 : 400}>
                {text(crumb)}
              </Text>
            ),
          )}
        </Breadcrumbs>
      </Box>
    </Group>
  );
};

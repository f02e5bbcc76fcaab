import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Card, Collapse, Group, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';

/** A card whose body can be expanded or collapsed (spec 3 §2: point and location panels). */
export const CollapsiblePanel = ({
  title,
  icon,
  badges,
  actions,
  expanded,
  onToggle,
  children,
  testId,
}: {
  title: ReactNode;
  icon?: ReactNode;
  badges?: ReactNode;
  actions?: ReactNode;
  expanded: boolean;
  onToggle: () => void;
  children: ReactNode;
  testId?: string;
}) => {
  const { t } = useTranslation();
  const label = t(expanded ? 'buttons.collapse' : 'buttons.expand');
  return (
    <Card withBorder radius="md" padding={0} data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" px="md" py="sm" bg="gray.0" style={{ borderBottom: expanded ? '1px solid var(--mantine-color-gray-3)' : undefined }}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {icon}
          <Text fw={600} truncate="end">
            {title}
          </Text>
          {badges}
        </Group>
        <Group gap="xs" wrap="nowrap">
          {actions}
          <Tooltip label={label} withArrow>
            <ActionIcon variant="subtle" color="gray" onClick={onToggle} aria-label={label} aria-expanded={expanded}>
              {expanded ? <IconChevronUp size={18} /> : <IconChevronDown size={18} />}
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Collapse expanded={expanded}>
        <div style={{ padding: 'var(--mantine-spacing-md)' }}>{children}</div>
      </Collapse>
    </Card>
  );
};

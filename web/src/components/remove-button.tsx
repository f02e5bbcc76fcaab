import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

export interface RemoveButtonProps extends Omit<ActionIconProps, 'variant' | 'color' | 'children'> {
  /** What it removes, read by screen readers ('Remove', 'Delete'). */
  label: string;
  onClick: () => void;
  disabled?: boolean;
  'data-testid'?: string;
}

/** The red bin that removes a row of a form or a list. */
export const RemoveButton = ({ label, ...props }: RemoveButtonProps) => (
  <ActionIcon variant="subtle" color="red" aria-label={label} {...props}>
    <IconTrash size={16} />
  </ActionIcon>
);

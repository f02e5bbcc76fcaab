import { useState } from 'react';
import { NavLink, type NavLinkProps } from '@mantine/core';

type NavGroupProps = Omit<NavLinkProps, 'opened' | 'defaultOpened' | 'onChange'> & Record<`data-${string}`, unknown> & {
  /** Open from the start (the branch of the page shown, the locations entry). */
  initiallyOpened?: boolean;
};

/**
 * A navigation entry that opens a group of entries. Its entries are drawn once it opens (the
 * theme's `keepMounted: false` for NavLink), and it says whether it is open (`aria-expanded`),
 * which Mantine's NavLink does not.
 */
export const NavGroup = ({ initiallyOpened = false, children, ...props }: NavGroupProps) => {
  const [opened, setOpened] = useState(initiallyOpened);
  return (
    // A button, not Mantine's anchor without a target (no role, where aria-expanded is not allowed).
    <NavLink component="button" type="button" {...props} opened={opened} onChange={setOpened} aria-expanded={opened}>
      {children}
    </NavLink>
  );
};

import { useTranslation } from 'react-i18next';
import { Button, Menu, NavLink } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import type { LanguageKey } from '@shared/constants';
import { currentLanguage } from '../lib/i18n';
import { useOfferedLanguages } from '../lib/languages';
import { chooseLanguage } from '../lib/user-language';
import { NavGroup } from './nav-group';

// The interface has switched already; a profile that could not store the choice keeps the previous one.
const choose = (language: LanguageKey) => void chooseLanguage(language).catch(() => undefined);

/** Header language menu: the offered languages (the server's list), each named in its own language. */
export const LanguageSelector = () => {
  const { t } = useTranslation();
  const active = currentLanguage();
  const languages = useOfferedLanguages();
  return (
    <Menu position="bottom-end" shadow="md" width={160}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconLanguage size={18} stroke={1.6} />}
          // The name says what the button shows (WCAG 2.5.3), then what it is for.
          aria-label={t('labels.header.languageCurrent', { code: active.toUpperCase() })}
          data-testid="language-selector"
        >
          {active.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {languages.map(({ key, title }) => (
          <Menu.Item key={key} onClick={() => choose(key)} rightSection={key === active ? <IconCheck size={14} /> : null}>
            {title}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
};

/** The same choice as a navigation group on small screens. */
export const LanguageMenuGroup = () => {
  const { t } = useTranslation();
  const active = currentLanguage();
  const languages = useOfferedLanguages();
  return (
    <NavGroup label={t('labels.header.languages')} leftSection={<IconLanguage size={18} stroke={1.6} />} childrenOffset={28}>
      {languages.map(({ key, title }) => (
        <NavLink
          key={key}
          label={title}
          active={key === active}
          rightSection={key === active ? <IconCheck size={14} /> : null}
          onClick={() => choose(key)}
        />
      ))}
    </NavGroup>
  );
};

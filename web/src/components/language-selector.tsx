import { useTranslation } from 'react-i18next';
import { Button, Menu, NavLink } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { LANGUAGES, type LanguageKey } from '@shared/constants';
import { changeLanguage, currentLanguage } from '../lib/i18n';

const choose = (language: LanguageKey) => void changeLanguage(language);

/** Header language menu: the offered languages, each named in its own language. */
export const LanguageSelector = () => {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <Menu position="bottom-end" shadow="md" width={160}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconLanguage size={18} stroke={1.6} />}
          aria-label={t('labels.header.language')}
          data-testid="language-selector"
        >
          {active.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            onClick={() => choose(language)}
            rightSection={language === active ? <IconCheck size={14} /> : null}
          >
            {t(`labels.languages.${language}`)}
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
  return (
    <NavLink label={t('labels.header.languages')} leftSection={<IconLanguage size={18} stroke={1.6} />} childrenOffset={28}>
      {LANGUAGES.map((language) => (
        <NavLink
          key={language}
          label={t(`labels.languages.${language}`)}
          active={language === active}
          rightSection={language === active ? <IconCheck size={14} /> : null}
          onClick={() => choose(language)}
        />
      ))}
    </NavLink>
  );
};

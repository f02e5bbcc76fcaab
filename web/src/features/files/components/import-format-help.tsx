import { useTranslation } from 'react-i18next';
import { Accordion, Code, List, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** The import format, as the README documents it: what a file must hold to be imported. */
export const ImportFormatHelp = () => {
  const { t } = useTranslation();
  return (
    <Accordion variant="contained" data-testid="import-format-help">
      <Accordion.Item value="format">
        <Accordion.Control icon={<IconInfoCircle size={18} />}>{t('files.format.title')}</Accordion.Control>
        <Accordion.Panel>
          <Text size="sm" mb="xs">
            {t('files.format.intro')}
          </Text>
          <Code block mb="xs">
            {'technical_id;date;value;status\nELEC-LYON-A-001;02/11/2026 00:15;1250,5\nELEC-LYON-A-001;2026-11-02T00:30:00+01:00;1251.25;2'}
          </Code>
          <List size="sm" spacing={4}>
            <List.Item>{t('files.format.separator')}</List.Item>
            <List.Item>{t('files.format.date')}</List.Item>
            <List.Item>{t('files.format.dst')}</List.Item>
            <List.Item>{t('files.format.value')}</List.Item>
            <List.Item>{t('files.format.status')}</List.Item>
            <List.Item>{t('files.format.header')}</List.Item>
            <List.Item>{t('files.format.xlsx')}</List.Item>
            <List.Item>{t('files.format.replace')}</List.Item>
          </List>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
};

import { useTranslation } from 'react-i18next';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { RemoveButton } from '../../../components/remove-button';
import { IconPlus } from '@tabler/icons-react';
import { rowKey, type TagRow } from '../hooks/point-form';

export interface PointTagsEditorProps {
  tags: TagRow[];
  onChange: (tags: TagRow[]) => void;
}

/** A point's tags: rows of name, display name and value, added and removed freely. */
export const PointTagsEditor = ({ tags, onChange }: PointTagsEditorProps) => {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={6}>{t('labels.point.tags')}</Title>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...tags, { key: rowKey(), name: '', display_name: '', value: '' }])}
        >
          {t('buttons.addTag')}
        </Button>
      </Group>
      {tags.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('hints.points.noTags')}
        </Text>
      )}
      {tags.map((row) => (
        <Group key={row.key} gap="xs" wrap="nowrap" align="flex-start">
          {(['name', 'display_name', 'value'] as const).map((field) => (
            <TextInput
              key={field}
              aria-label={t(`labels.tag.${field}`)}
              placeholder={t(`labels.tag.${field}`)}
              value={row[field]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                onChange(tags.map((other) => (other.key === row.key ? { ...other, [field]: value } : other)));
              }}
              style={{ flex: 1 }}
            />
          ))}
          <RemoveButton mt={6} label={t('buttons.remove')} onClick={() => onChange(tags.filter((other) => other.key !== row.key))} />
        </Group>
      ))}
    </Stack>
  );
};

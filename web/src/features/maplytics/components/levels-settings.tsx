import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Alert, Button, Group, NumberInput, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPlus, IconTrash } from '@tabler/icons-react';
import { LEVEL_COLORS } from '@shared/maplytics/constants';
import { DEFAULT_LEVELS, LEVEL_NAMES, LEVEL_OPERATIONS, levelsSchema, type Level, type MaplyticsSettings } from '@shared/maplytics/levels';
import { FormActions } from '../../../components/form-actions';
import { LevelsList, Swatch } from './figures';

const MAX_LEVELS = 10;

interface Row {
  key: number;
  level: Level['level'];
  operation: Level['operation'];
  value: number | string;
}

let nextKey = 0;
const rowsOf = (levels: readonly Level[]): Row[] => levels.map((level) => ({ ...level, key: nextKey++ }));

/**
 * The parameter panel of a site or a point (spec 2 §2): its levels, evaluated in order, the first
 * that holds giving the colour (spec 2 §4). A site follows the defaults or has its own; a point
 * follows its site's or has its own.
 */
export const LevelsSettings = ({
  kind,
  title,
  current,
  inherited,
  saving,
  onSave,
  onBack,
}: {
  kind: 'location' | 'point';
  title: string;
  /** The levels saved on the site or point; null: it follows what is inherited. */
  current: readonly Level[] | null;
  /** What applies when it has none of its own: the defaults for a site, the site's for a point. */
  inherited: readonly Level[];
  saving: boolean;
  onSave: (settings: MaplyticsSettings) => void;
  onBack: () => void;
}) => {
  const { t } = useTranslation();
  const [own, setOwn] = useState(current !== null);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(current ?? inherited));
  const [invalid, setInvalid] = useState(false);

  const update = (key: number, change: Partial<Row>) => {
    setRows((list) => list.map((row) => (row.key === key ? { ...row, ...change } : row)));
    setInvalid(false);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!own) return onSave({ levels: null });
    const parsed = levelsSchema.safeParse(rows.map(({ level, operation, value }) => ({ level, operation, value: typeof value === 'number' ? value : Number.NaN })));
    if (!parsed.success) return setInvalid(true);
    onSave({ levels: parsed.data });
  };

  const levelOptions = LEVEL_NAMES.map((name) => ({ value: name, label: t(`maplytics.settings.levelNames.${name}`) }));
  const operationOptions = LEVEL_OPERATIONS.map((operation) => ({ value: operation, label: t(`maplytics.settings.operations.${operation}`) }));

  return (
    <form onSubmit={submit} noValidate data-testid={`${kind}-settings-panel`}>
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon variant="subtle" onClick={onBack} aria-label={t('maplytics.panel.back')}>
            <IconArrowLeft size={18} />
          </ActionIcon>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {t(kind === 'location' ? 'maplytics.panel.locationSettings' : 'maplytics.panel.pointSettings')}
            </Text>
            <Title order={4} lineClamp={2}>
              {title}
            </Title>
          </Stack>
        </Group>
        <Text size="sm" c="dimmed">
          {t('maplytics.settings.levelsHint')}
        </Text>
        <SegmentedControl
          fullWidth
          value={own ? 'own' : 'inherited'}
          onChange={(value) => {
            setOwn(value === 'own');
            setInvalid(false);
          }}
          data={[
            { value: 'inherited', label: t(kind === 'location' ? 'maplytics.settings.useDefaults' : 'maplytics.settings.useLocation') },
            { value: 'own', label: t('maplytics.settings.ownLevels') },
          ]}
          data-testid="levels-mode"
        />
        {own ? (
          <Stack gap="xs">
            {rows.map((row, index) => (
              <Group key={row.key} gap="xs" wrap="nowrap" align="flex-end" data-testid="level-row">
                <Select
                  aria-label={t('maplytics.settings.level')}
                  label={index === 0 ? t('maplytics.settings.level') : undefined}
                  data={levelOptions}
                  value={row.level}
                  onChange={(value) => value && update(row.key, { level: value as Level['level'] })}
                  leftSection={<Swatch color={LEVEL_COLORS[row.level]} />}
                  allowDeselect={false}
                  style={{ flex: 1, minWidth: 0 }}
                />
                <Select
                  aria-label={t('maplytics.settings.operation')}
                  label={index === 0 ? t('maplytics.settings.operation') : undefined}
                  data={operationOptions}
                  value={row.operation}
                  onChange={(value) => value && update(row.key, { operation: value as Level['operation'] })}
                  allowDeselect={false}
                  w={64}
                  style={{ flex: 'none' }}
                />
                <NumberInput
                  aria-label={t('maplytics.settings.value')}
                  label={index === 0 ? t('maplytics.settings.value') : undefined}
                  value={row.value}
                  onChange={(value) => update(row.key, { value })}
                  decimalSeparator=","
                  rightSection={<Text size="xs" c="dimmed">%</Text>}
                  w={88}
                  style={{ flex: 'none' }}
                  data-testid="level-value"
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mb={4}
                  disabled={rows.length <= 1}
                  onClick={() => setRows((list) => list.filter((other) => other.key !== row.key))}
                  aria-label={t('maplytics.settings.remove')}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Group justify="space-between">
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                disabled={rows.length >= MAX_LEVELS}
                onClick={() => setRows((list) => [...list, { key: nextKey++, level: 'danger', operation: 'gt', value: 0 }])}
                data-testid="level-add"
              >
                {t('maplytics.settings.add')}
              </Button>
              <Button variant="subtle" size="xs" onClick={() => setRows(rowsOf(DEFAULT_LEVELS))}>
                {t('maplytics.settings.reset')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <LevelsList levels={inherited} testId="inherited-levels" />
        )}
        {invalid && (
          <Alert color="red" variant="light">
            {t('maplytics.settings.invalid')}
          </Alert>
        )}
        <FormActions onCancel={onBack} saving={saving} saveTestId={`${kind}-settings-save`} />
      </Stack>
    </form>
  );
};

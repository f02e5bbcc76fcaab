import { useTranslation } from 'react-i18next';
import { Badge, Button, Card, Divider, Group, NumberInput, Select, Stack, Text, Tooltip } from '@mantine/core';
import { RemoveButton } from '../../../components/remove-button';
import { IconPlus } from '@tabler/icons-react';
import {
  ALERT_CALCULATIONS,
  ALERT_FROM_COMPARISONS,
  ALERT_OPERATIONS,
  ALERT_TO_COMPARISONS,
  defaultAlertCondition,
  type AlertCondition,
} from '@shared/schemas/alert';

export interface ConditionsBuilderProps {
  /** OR groups of AND conditions. */
  value: AlertCondition[][];
  onChange: (value: AlertCondition[][]) => void;
}

/**
 * The conditions of an alert (spec 2 §2, §3): OR groups, each of AND rows (calculation over the
 * sampling, compared point, operator, compared value). New rows take the defaults avg /
 * current_points / value / 0.
 */
export const ConditionsBuilder = ({ value, onChange }: ConditionsBuilderProps) => {
  const { t } = useTranslation();
  const setGroup = (groupIndex: number, group: AlertCondition[]) =>
    onChange(group.length === 0 ? value.filter((_, index) => index !== groupIndex) : value.map((current, index) => (index === groupIndex ? group : current)));
  const setRow = (groupIndex: number, rowIndex: number, patch: Partial<AlertCondition>) =>
    setGroup(
      groupIndex,
      value[groupIndex].map((row, index) => (index === rowIndex ? { ...row, ...patch } : row)),
    );

  return (
    <Stack gap="sm" data-testid="alert-conditions">
      {value.map((group, groupIndex) => (
        <Stack key={groupIndex} gap="sm">
          {groupIndex > 0 && (
            <Divider
              label={
                <Badge color="orange" variant="light">
                  {t('labels.alerts.conditions.or')}
                </Badge>
              }
              labelPosition="center"
            />
          )}
          <Card withBorder padding="sm" data-testid="alert-condition-group">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" fw={600}>
                  {t('labels.alerts.conditions.group', { number: groupIndex + 1 })}
                </Text>
                {value.length > 1 && (
                  <Tooltip label={t('buttons.alerts.removeGroup')}>
                    <RemoveButton onClick={() => setGroup(groupIndex, [])} label={t('buttons.alerts.removeGroup')} data-testid="alert-remove-group" />
                  </Tooltip>
                )}
              </Group>
              {group.map((row, rowIndex) => (
                <Stack key={rowIndex} gap={4}>
                  {rowIndex > 0 && (
                    <Text size="xs" fw={700} c="blue">
                      {t('labels.alerts.conditions.and')}
                    </Text>
                  )}
                  <Group gap={8} align="flex-end" wrap="wrap" data-testid="alert-condition">
                    <Select
                      w={{ base: 'calc(50% - 4px)', sm: 150 }}
                      label={t('labels.alerts.conditions.calculation')}
                      data={ALERT_CALCULATIONS.map((calculation) => ({ value: calculation, label: t(`labels.alerts.calculations.${calculation}`) }))}
                      value={row.from_calculation}
                      onChange={(next) => next && setRow(groupIndex, rowIndex, { from_calculation: next as AlertCondition['from_calculation'] })}
                      allowDeselect={false}
                      data-testid="alert-condition-calculation"
                    />
                    <Select
                      w={{ base: 'calc(50% - 4px)', sm: 170 }}
                      label={t('labels.alerts.conditions.of')}
                      data={ALERT_FROM_COMPARISONS.map((comparison) => ({ value: comparison, label: t(`labels.alerts.comparisons.${comparison}`) }))}
                      value={row.from_comparison}
                      onChange={(next) => next && setRow(groupIndex, rowIndex, { from_comparison: next as AlertCondition['from_comparison'] })}
                      allowDeselect={false}
                    />
                    <Select
                      w={{ base: 'calc(50% - 4px)', sm: 90 }}
                      label={t('labels.alerts.conditions.operation')}
                      data={ALERT_OPERATIONS.map((operation) => ({ value: operation, label: t(`labels.alerts.operations.${operation}`) }))}
                      value={row.operation}
                      onChange={(next) => next && setRow(groupIndex, rowIndex, { operation: next as AlertCondition['operation'] })}
                      allowDeselect={false}
                      data-testid="alert-condition-operation"
                    />
                    <Select
                      w={{ base: 'calc(50% - 4px)', sm: 110 }}
                      label={t('labels.alerts.conditions.to')}
                      data={ALERT_TO_COMPARISONS.map((comparison) => ({ value: comparison, label: t(`labels.alerts.comparisons.${comparison}`) }))}
                      value={row.to_comparison}
                      onChange={(next) => next && setRow(groupIndex, rowIndex, { to_comparison: next as AlertCondition['to_comparison'] })}
                      allowDeselect={false}
                    />
                    <NumberInput
                      w={{ base: 'calc(100% - 44px)', sm: 120 }}
                      label={t('labels.alerts.conditions.value')}
                      value={row.to_value}
                      onChange={(next) => setRow(groupIndex, rowIndex, { to_value: typeof next === 'number' ? next : Number(next) || 0 })}
                      decimalScale={6}
                      data-testid="alert-condition-value"
                    />
                    {group.length > 1 && (
                      <RemoveButton size="lg" mb={2} onClick={() => setGroup(groupIndex, group.filter((_, index) => index !== rowIndex))} label={t('buttons.alerts.removeCondition')} data-testid="alert-remove-condition" />
                    )}
                  </Group>
                </Stack>
              ))}
              <Group>
                <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setGroup(groupIndex, [...group, defaultAlertCondition()])} data-testid="alert-add-condition">
                  {t('buttons.alerts.addCondition')}
                </Button>
              </Group>
            </Stack>
          </Card>
        </Stack>
      ))}
      <Group>
        <Button size="xs" variant="outline" color="orange" leftSection={<IconPlus size={14} />} onClick={() => onChange([...value, [defaultAlertCondition()]])} data-testid="alert-add-group">
          {t('buttons.alerts.addGroup')}
        </Button>
      </Group>
    </Stack>
  );
};

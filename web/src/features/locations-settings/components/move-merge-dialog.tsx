import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { LocationTreeNode } from '@shared/schemas/location';
import type { Point } from '@shared/schemas/point';
import { locationPickerProps, renderLocationOption } from '../../../components/location-option';
import { flattenTree, locationDepths, locationOptions } from '../hooks/location-tree';

/** The target of 'Move to…' that takes the points out of any location. */
export const NONE = '__none__';

export interface MoveMergeDialogProps {
  mode: 'move' | 'merge' | null;
  /** How many points are ticked. */
  count: number;
  points: Point[];
  roots: LocationTreeNode[];
  /** The location (move) or the point (merge) chosen as target. */
  target: string | null;
  onTarget: (target: string | null) => void;
  /** How many ticked points would merge into the target (the target itself aside). */
  mergeSources: number;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** The dialog of the bulk 'Move to…' and 'Merge into…': its own confirmation, saying what happens. */
export const MoveMergeDialog = ({ mode, count, points, roots, target, onTarget, mergeSources, pending, onClose, onConfirm }: MoveMergeDialogProps) => {
  const { t } = useTranslation();
  const mergeTarget = mode === 'merge' ? (points.find((point) => point._id === target) ?? null) : null;
  const locationChoices = [{ value: NONE, label: t('labels.settingsLocations.withoutLocation') }, ...locationOptions(flattenTree(roots))];
  return (
    <Modal
      opened={mode !== null}
      onClose={onClose}
      title={mode === 'merge' ? t('buttons.mergeInto') : t('buttons.moveToLocation')}
      centered
    >
      <Stack>
        {mode === 'move' ? (
          <>
            <Text size="sm">{t('hints.points.move', { count: count })}</Text>
            <Select
              label={t('labels.point.targetLocation')}
              data={locationChoices}
              renderOption={renderLocationOption(locationDepths(flattenTree(roots)))}
              value={target}
              onChange={onTarget}
              {...locationPickerProps(flattenTree(roots).map((entry) => entry.location))}
              comboboxProps={{ withinPortal: true }}
            />
          </>
        ) : (
          <>
            <Text size="sm">{t('hints.points.merge', { count: count })}</Text>
            <Select
              label={t('labels.point.mergeTarget')}
              data={points.map((point) => ({ value: point._id, label: `${point.name} (${point.technical_id})` }))}
              value={target}
              onChange={onTarget}
              searchable
              comboboxProps={{ withinPortal: true }}
            />
            {mergeTarget && mergeSources > 0 && (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
                {t('hints.points.mergeConfirm', { count: mergeSources, target: mergeTarget.name })}
              </Alert>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('buttons.cancel')}
          </Button>
          <Button
            color={mode === 'merge' ? 'orange' : undefined}
            disabled={!target || (mode === 'merge' && mergeSources === 0)}
            loading={pending}
            onClick={onConfirm}
          >
            {mode === 'merge' ? t('buttons.merge') : t('buttons.move')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

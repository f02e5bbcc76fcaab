import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Modal, Stack, Tabs } from '@mantine/core';
import type { WidgetInput } from '@shared/schemas/widget';
import { newWidgetSettings, type WidgetContext } from '@shared/widgets/dialog-rules';
import { useKnownPoints } from '../../../lib/point-search';
import { useCanOpenPointSettings } from '../hooks/use-can-open-point-settings';
import { useFullScreenDialog } from '../hooks/use-full-screen-dialog';
import { useWidgetForm } from '../hooks/use-widget-form';
import { sectionsOf, type DialogSection } from './dialog-sections';
import { DisplaySection } from './display-section';
import { ImageSection, type PickImage } from './image-section';
import { InvalidFieldsAlert } from './invalid-fields-alert';
import { PeriodSection } from './period-section';
import { PointsSection } from './points-section';
import { TextSection } from './text-section';
import { TypeAndTitleSection } from './type-and-title-section';

export interface WidgetDialogProps {
  opened: boolean;
  mode: 'add' | 'modify';
  /** The widget being modified; a new widget starts from the context's defaults. */
  initial?: WidgetInput;
  context: WidgetContext;
  /** Saves the widget (the caller's job, and its messages); the dialog closes once it settles, whether it succeeded or failed (spec 1 §4.5). */
  onSubmit: (settings: WidgetInput) => Promise<unknown> | void;
  onClose: () => void;
  /** Opens the image gallery, built elsewhere; without it an image id is typed. */
  onPickImage?: PickImage;
}

type FormProps = Omit<WidgetDialogProps, 'opened'>;

/** The points a widget's settings name: its own, and those its values are divided by. */
const namedPointIds = (settings: WidgetInput): string[] => [
  ...settings.points.map((point) => point._id),
  ...settings.normalisation.flatMap((entry) => (entry.what.kind === 'point' ? [entry.what.point] : [])),
];

const WidgetDialogForm = ({ mode, initial, context, onSubmit, onClose, onPickImage }: FormProps) => {
  const { t } = useTranslation();
  const form = useWidgetForm(initial ?? newWidgetSettings(context));
  const known = useKnownPoints(namedPointIds(form.settings));
  const canOpenPointSettings = useCanOpenPointSettings();
  const sections = sectionsOf(form.settings.type);
  const [active, setActive] = useState<DialogSection>('type');
  const [submitting, setSubmitting] = useState(false);

  // A type change can take the open section away (points of a text widget): go back to the first.
  useEffect(() => {
    if (!sections.includes(active)) setActive('type');
  }, [sections, active]);

  const submit = async () => {
    const { widget } = form.problems;
    if (!widget) return;
    setSubmitting(true);
    try {
      await onSubmit(widget);
    } catch {
      // The caller tells the user what went wrong; the dialog only closes, as on success.
    } finally {
      onClose();
    }
  };

  return (
    <Stack gap="md">
      <Tabs value={active} onChange={(section) => section && setActive(section as DialogSection)} keepMounted={false}>
        <Tabs.List>
          {sections.map((section) => (
            <Tabs.Tab key={section} value={section} data-testid={`widget-dialog-tab-${section}`}>
              {t(`widgetDialog.sections.${section}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="type" pt="md">
          <TypeAndTitleSection form={form} withSharing={context === 'dashboard'} />
        </Tabs.Panel>
        <Tabs.Panel value="points" pt="md">
          <PointsSection form={form} known={known} canOpenPointSettings={canOpenPointSettings} />
        </Tabs.Panel>
        <Tabs.Panel value="period" pt="md">
          <PeriodSection form={form} />
        </Tabs.Panel>
        <Tabs.Panel value="display" pt="md">
          <DisplaySection form={form} known={known} />
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="md">
          <TextSection form={form} />
        </Tabs.Panel>
        <Tabs.Panel value="image" pt="md">
          <ImageSection form={form} onPickImage={onPickImage} />
        </Tabs.Panel>
      </Tabs>
      <InvalidFieldsAlert problems={form.problems} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={submitting}>
          {t('widgetDialog.buttons.cancel')}
        </Button>
        <Button onClick={submit} disabled={!form.problems.widget} loading={submitting} data-testid="widget-dialog-submit">
          {t(mode === 'add' ? 'widgetDialog.buttons.add' : 'widgetDialog.buttons.save')}
        </Button>
      </Group>
    </Stack>
  );
};

/** The widget settings dialog of dashboards and reports (spec 1 §4.5): full screen under 979 px. */
export const WidgetDialog = ({ opened, ...form }: WidgetDialogProps) => {
  const { t } = useTranslation();
  const fullScreen = useFullScreenDialog();
  return (
    <Modal
      opened={opened}
      onClose={form.onClose}
      title={t(form.mode === 'add' ? 'widgetDialog.titles.add' : 'widgetDialog.titles.modify')}
      fullScreen={fullScreen}
      size="xl"
    >
      {/* Mounted only while open, so each opening starts from the given settings. */}
      {opened && <WidgetDialogForm {...form} />}
    </Modal>
  );
};

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Group, SegmentedControl, Text, TextInput, Title } from '@mantine/core';
import { REPORT_ORIENTATIONS, type Report, type ReportOrientation } from '@shared/schemas/report';
import { SwitchField } from '../../../components/switch-field';
import type { SaveState } from '../hooks/use-report-draft';

interface ReportHeaderProps {
  report: Report;
  editable: boolean;
  saveState: SaveState;
  onChange: (changes: Partial<Pick<Report, 'name' | 'orientation' | 'sharing'>>) => void;
}

/** The report's name, orientation and sharing, changed in place by its owner; whether the last change is saved. */
export const ReportHeader = ({ report, editable, saveState, onChange }: ReportHeaderProps) => {
  const { t } = useTranslation();
  const [name, setName] = useState(report.name);
  const [shownName, setShownName] = useState(report.name);
  if (shownName !== report.name) {
    setShownName(report.name);
    setName(report.name);
  }
  const commitName = () => {
    const trimmed = name.trim();
    if (!trimmed) setName(report.name);
    else if (trimmed !== report.name) onChange({ name: trimmed });
  };

  if (!editable)
    return (
      <Group gap="sm" wrap="wrap">
        <Title order={2} data-testid="report-title">
          {report.name}
        </Title>
        <Badge variant="light" color="gray">
          {t(`reports.orientations.${report.orientation}`)}
        </Badge>
      </Group>
    );
  return (
    <Group gap="md" wrap="wrap" align="flex-end">
      <TextInput
        label={t('reports.fields.name')}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        onBlur={commitName}
        onKeyDown={(event) => event.key === 'Enter' && commitName()}
        error={name.trim() ? null : t('reports.add.nameRequired')}
        maxLength={200}
        required
        style={{ flex: '1 1 14rem', maxWidth: 420 }}
        data-testid="report-name"
      />
      <SegmentedControl<ReportOrientation>
        value={report.orientation}
        onChange={(orientation) => onChange({ orientation })}
        data={REPORT_ORIENTATIONS.map((orientation) => ({ value: orientation, label: t(`reports.orientations.${orientation}`) }))}
        aria-label={t('reports.fields.orientation')}
        data-testid="report-orientation"
      />
      <SwitchField label={t('reports.fields.shared')} checked={report.sharing.shared} onChange={(shared) => onChange({ sharing: { shared } })} testId="report-shared" mb={8} />
      <Text size="sm" c="dimmed" mb={8} data-testid="report-save-state" data-save-state={saveState}>
        {t(saveState === 'saving' ? 'reports.editor.saving' : 'reports.editor.saved')}
      </Text>
    </Group>
  );
};

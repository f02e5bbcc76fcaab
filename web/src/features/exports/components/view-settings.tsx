import { useTranslation } from 'react-i18next';
import { Group, Select } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { SAMPLINGS, type Sampling } from '@shared/series/sampling';
import { DATE_INPUT_FORMAT, typedDateParser } from '../../../lib/date-formats';
import { pastDatesOnly } from '../../../lib/date-pickers';
import type { ExportViewSettings } from '../api/exports';

const parseDay = typedDateParser(DATE_INPUT_FORMAT, false);

/** The custom end date and sampling an export is previewed or read at (spec 2 §2). */
export const ViewSettings = ({ value, onChange }: { value: ExportViewSettings; onChange: (value: ExportViewSettings) => void }) => {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <DateInput
        label={t('exports.fields.endDate')}
        placeholder={t('exports.hints.endDate')}
        value={value.endDate}
        onChange={(endDate) => onChange({ ...value, endDate })}
        valueFormat={DATE_INPUT_FORMAT}
        dateParser={parseDay}
        clearable
        {...pastDatesOnly()}
        w={{ base: '100%', xs: 240 }}
        data-testid="export-end-date"
      />
      <Select
        label={t('exports.fields.sampling')}
        placeholder={t('exports.hints.sampling')}
        data={SAMPLINGS.map((sampling) => ({ value: sampling, label: t(`widgetDialog.labels.samplings.${sampling}`) }))}
        value={value.sampling}
        onChange={(sampling) => onChange({ ...value, sampling: (sampling as Sampling | null) ?? null })}
        clearable
        w={{ base: '100%', xs: 240 }}
        data-testid="export-sampling"
      />
    </Group>
  );
};

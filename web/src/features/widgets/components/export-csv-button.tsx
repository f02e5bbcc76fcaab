import { useTranslation } from 'react-i18next';
import { ActionIcon } from '@mantine/core';
import { LazyTooltip } from '../../../components/lazy-tooltip';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { downloadTextFile } from '../../../lib/download-file';
import type { WidgetCsv } from '../hooks/use-widget-csv';

export const ExportCsvButton = ({ csv }: { csv: WidgetCsv }) => {
  const { t } = useTranslation();
  return (
    <LazyTooltip label={t('widgets.buttons.exportCsv')} withinPortal>
      <ActionIcon variant="subtle" size="sm" aria-label={t('widgets.buttons.exportCsv')} onClick={() => downloadTextFile(csv.fileName, csv.build())}>
        <IconFileTypeCsv size={16} />
      </ActionIcon>
    </LazyTooltip>
  );
};

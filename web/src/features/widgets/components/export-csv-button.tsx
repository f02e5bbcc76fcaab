import { useTranslation } from 'react-i18next';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { downloadTextFile } from '../../../lib/download-file';
import type { WidgetCsv } from '../hooks/use-widget-csv';

export const ExportCsvButton = ({ csv }: { csv: WidgetCsv }) => {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('widgets.buttons.exportCsv')} withinPortal>
      <ActionIcon variant="subtle" size="sm" aria-label={t('widgets.buttons.exportCsv')} onClick={() => downloadTextFile(csv.fileName, csv.build())}>
        <IconFileTypeCsv size={16} />
      </ActionIcon>
    </Tooltip>
  );
};

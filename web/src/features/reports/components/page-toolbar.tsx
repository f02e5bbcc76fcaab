import { useTranslation } from 'react-i18next';
import { ActionIcon, Button, Group, Loader, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconClipboard, IconCopyPlus, IconDownload, IconFilePlus, IconFileX, IconPlus } from '@tabler/icons-react';

interface PageToolbarProps {
  pageIndex: number;
  pageCount: number;
  onOpenPage: (page: number) => void;
  /** The owner's page and widget actions; absent when the report is read-only. */
  editing: {
    onAddPage: () => void;
    onDuplicatePage: () => void;
    onRemovePage: () => void;
    onAddWidget: () => void;
    /** Present when a widget copied from a dashboard (or a report) waits to be pasted. */
    onPaste: (() => void) | null;
  } | null;
  onExport: () => void;
  exporting: boolean;
}

/** The editor's bar: previous and next page, the page actions, adding or pasting a widget, and the PDF. */
export const PageToolbar = ({ pageIndex, pageCount, onOpenPage, editing, onExport, exporting }: PageToolbarProps) => {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" data-testid="report-toolbar">
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="default" onClick={() => onOpenPage(pageIndex - 1)} disabled={pageIndex <= 0} aria-label={t('reports.buttons.previousPage')} data-testid="report-previous-page">
          <IconChevronLeft size={16} />
        </ActionIcon>
        <Text size="sm" fw={600} px={6} style={{ whiteSpace: 'nowrap' }} data-testid="report-page-label">
          {t('reports.editor.page', { page: pageIndex + 1, count: pageCount })}
        </Text>
        <ActionIcon variant="default" onClick={() => onOpenPage(pageIndex + 1)} disabled={pageIndex >= pageCount - 1} aria-label={t('reports.buttons.nextPage')} data-testid="report-next-page">
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>
      <Group gap={6} wrap="wrap" justify="flex-end">
        {editing && (
          <>
            <Tooltip label={t('reports.buttons.addPage')}>
              <ActionIcon variant="default" size="lg" onClick={editing.onAddPage} aria-label={t('reports.buttons.addPage')} data-testid="report-add-page">
                <IconFilePlus size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('reports.buttons.duplicatePage')}>
              <ActionIcon variant="default" size="lg" onClick={editing.onDuplicatePage} aria-label={t('reports.buttons.duplicatePage')} data-testid="report-duplicate-page">
                <IconCopyPlus size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('reports.buttons.removePage')}>
              <ActionIcon
                variant="default"
                color="red"
                size="lg"
                onClick={editing.onRemovePage}
                disabled={pageCount <= 1}
                aria-label={t('reports.buttons.removePage')}
                data-testid="report-remove-page"
              >
                <IconFileX size={18} />
              </ActionIcon>
            </Tooltip>
            {editing.onPaste && (
              <Tooltip label={t('reports.buttons.paste')}>
                <ActionIcon variant="default" size="lg" onClick={editing.onPaste} aria-label={t('reports.buttons.paste')} data-testid="report-paste-widget">
                  <IconClipboard size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            <Button leftSection={<IconPlus size={16} />} onClick={editing.onAddWidget} data-testid="report-add-widget">
              {t('reports.buttons.addWidget')}
            </Button>
          </>
        )}
        {/* Busy but not disabled while printing: a disabled button would drop the keyboard's focus to the page. */}
        <Button
          variant="light"
          leftSection={exporting ? <Loader size={16} /> : <IconDownload size={16} />}
          onClick={exporting ? undefined : onExport}
          data-disabled={exporting || undefined}
          aria-disabled={exporting || undefined}
          aria-busy={exporting || undefined}
          data-testid="report-export"
        >
          {t('reports.buttons.export')}
        </Button>
      </Group>
    </Group>
  );
};

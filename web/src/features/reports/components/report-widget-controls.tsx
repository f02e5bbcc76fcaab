import { useTranslation } from 'react-i18next';
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { REPORT_LAYOUTS, type ReportLayout, type ReportWidget } from '@shared/schemas/report';

export interface WidgetActions {
  onEdit: () => void;
  onLayout: (layout: ReportLayout) => void;
  onMove: (page: number) => void;
  onCopy: () => void;
  onDelete: () => void;
}

interface ReportWidgetControlsProps extends WidgetActions {
  widget: ReportWidget;
  pageIndex: number;
  pageCount: number;
  size?: 'sm' | 'lg';
}

/** A report widget's controls: modify it in the widget dialog; its layout (1 to 6 to a row), its page, a copy for a dashboard, its deletion. */
export const ReportWidgetControls = ({ widget, pageIndex, pageCount, size = 'sm', onEdit, onLayout, onMove, onCopy, onDelete }: ReportWidgetControlsProps) => {
  const { t } = useTranslation();
  const icon = size === 'sm' ? 14 : 18;
  return (
    <>
      <Tooltip label={t('reports.buttons.editWidget')}>
        <ActionIcon size={size} variant="subtle" color="gray" onClick={onEdit} aria-label={t('reports.buttons.editWidget')} data-testid="widget-edit">
          <IconPencil size={icon} />
        </ActionIcon>
      </Tooltip>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon size={size} variant="subtle" color="gray" aria-label={t('reports.buttons.widgetActions')} data-testid="widget-menu">
            <IconDots size={icon} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown mah={420} style={{ overflowY: 'auto' }}>
          <Menu.Label>{t('reports.editor.layout')}</Menu.Label>
          {REPORT_LAYOUTS.map((layout) => (
            <Menu.Item
              key={layout}
              onClick={() => onLayout(layout)}
              rightSection={widget.layout === layout ? <IconCheck size={14} /> : null}
              data-testid={`widget-layout-${layout}`}
            >
              {t('reports.editor.layoutOption', { count: layout })}
            </Menu.Item>
          ))}
          {pageCount > 1 && (
            <>
              <Menu.Divider />
              <Menu.Label>{t('reports.editor.moveTo')}</Menu.Label>
              {Array.from({ length: pageCount }, (_, page) => page)
                .filter((page) => page !== pageIndex)
                .map((page) => (
                  <Menu.Item key={page} onClick={() => onMove(page)} data-testid={`widget-move-${page}`}>
                    {t('reports.editor.pageOption', { page: page + 1 })}
                  </Menu.Item>
                ))}
            </>
          )}
          <Menu.Divider />
          <Menu.Item leftSection={<IconCopy size={14} />} onClick={onCopy} data-testid="widget-copy">
            {t('reports.buttons.copyWidget')}
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onDelete} data-testid="widget-delete">
            {t('reports.buttons.deleteWidget')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );
};

import { createHttpHandler } from '../middleware/http-handler';
import { widgetData, widgetsWithData } from '../services/widget-data-service';
import { createTab, createWidget, deleteTab, deleteWidget, getTab, listTabs, listWidgets, updateTab, updateWidget, updateWidgetLayout } from '../services/dashboard-service';

export const handler = createHttpHandler('dashboards', {
  listTabs: ({ caller }) => listTabs(caller),
  getTab: ({ caller, params }) => getTab(caller, params.id),
  createTab: ({ caller, body }) => createTab(caller, body),
  updateTab: ({ caller, body }) => updateTab(caller, body),
  deleteTab: ({ caller, params }) => deleteTab(caller, params.id),
  listDashboardWidgets: ({ caller }) => listWidgets(caller, null),
  listWidgetsOfPage: ({ caller, params }) => listWidgets(caller, params.id),
  createWidget: ({ caller, body }) => createWidget(caller, body),
  updateWidget: ({ caller, body }) => updateWidget(caller, body),
  updateWidgetLayout: ({ caller, params, body }) => updateWidgetLayout(caller, params.id, body),
  widgetData: ({ caller, body }) => widgetData(caller, body.widget, body.now),
  widgetsWithData: ({ caller, body, listed }) => widgetsWithData(caller, body.page, listed ?? (() => true)),
  deleteWidget: ({ caller, params }) => deleteWidget(caller, params.id),
});

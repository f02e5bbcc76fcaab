import * as z from 'zod';
import { tabInputSchema, tabSchema } from '../../schemas/tab';
import { widgetInputSchema, widgetLayoutSchema, widgetSchema, widgetUpdateSchema } from '../../schemas/widget';
import { pageDataRequestSchema, widgetDataRequestSchema, widgetDataSchema, widgetWithDataSchema } from '../../schemas/widget-data';
import { idSchema } from '../../schemas/common';
import { tabDeletionResponseSchema } from '../responses';
import { route, DASHBOARD, byId, wrapped, type GroupRoutes } from '../define-route';

/** The routes the `dashboards` function serves. */
export const dashboardsRoutes = {
  listTabs: route('GET', '/api/v1/tabs', 'dashboards', { ...DASHBOARD, response: z.array(tabSchema), owned: { kind: 'tab', intent: 'list' } }),
  getTab: route('GET', '/api/v1/tabs/{id}', 'dashboards', {
    ...DASHBOARD,
    params: byId,
    response: tabSchema,
    owned: { kind: 'tab', intent: 'read', id: { in: 'params', field: 'id' } },
  }),
  createTab: route('POST', '/api/v1/tabs', 'dashboards', { ...DASHBOARD, action: 'create', body: wrapped(tabInputSchema), response: tabSchema }),
  updateTab: route('PUT', '/api/v1/tabs', 'dashboards', {
    ...DASHBOARD,
    action: 'edit',
    body: wrapped(tabInputSchema.extend({ _id: idSchema })),
    response: tabSchema,
    owned: { kind: 'tab', intent: 'modify', id: { in: 'body', field: '_id' } },
  }),
  deleteTab: route('DELETE', '/api/v1/tabs/{id}', 'dashboards', {
    ...DASHBOARD,
    action: 'delete',
    params: byId,
    response: tabDeletionResponseSchema,
    owned: { kind: 'tab', intent: 'modify', id: { in: 'params', field: 'id' } },
  }),
  listDashboardWidgets: route('GET', '/api/v1/widgets', 'dashboards', {
    ...DASHBOARD,
    response: z.array(widgetSchema),
    owned: { kind: 'widget', intent: 'list' },
  }),
  /** `{id}` names a tab or a location page (ids say their kind). */
  listWidgetsOfPage: route('GET', '/api/v1/widgets/{id}', 'dashboards', {
    ...DASHBOARD,
    params: byId,
    response: z.array(widgetSchema),
    owned: { kind: 'widget', intent: 'list', container: { kind: 'tab', in: 'params', field: 'id' } },
  }),
  createWidget: route('POST', '/api/v1/widgets', 'dashboards', {
    ...DASHBOARD,
    action: 'create',
    body: wrapped(widgetInputSchema),
    response: widgetSchema,
    owned: { kind: 'widget', intent: 'create', container: { kind: 'tab', in: 'body', field: 'location' } },
  }),
  /**
   * The settings of the widget dialog; the layout (position, width_percent, height) is kept as stored: `updateWidgetLayout` changes it.
   * `base`, the settings the dialog opened with: only what the dialog changed is written, so that a change saved meanwhile by another stays.
   */
  updateWidget: route('PUT', '/api/v1/widgets', 'dashboards', {
    ...DASHBOARD,
    action: 'edit',
    body: wrapped(widgetUpdateSchema),
    response: widgetSchema,
    owned: { kind: 'widget', intent: 'modify', id: { in: 'body', field: '_id' } },
  }),
  /** A move or resize: only the layout attributes sent are written (the settings saved by `updateWidget` meanwhile stay). */
  updateWidgetLayout: route('PUT', '/api/v1/widgets/{id}/layout', 'dashboards', {
    ...DASHBOARD,
    action: 'edit',
    params: byId,
    body: widgetLayoutSchema,
    response: widgetSchema,
    owned: { kind: 'widget', intent: 'modify', id: { in: 'params', field: 'id' } },
  }),
  widgetData: route('POST', '/api/v1/widgets/data', 'dashboards', { ...DASHBOARD, body: widgetDataRequestSchema, response: widgetDataSchema }),
  /** A page's first screen: its widgets with their data in one call (the list as `listWidgetsOfPage` answers it). */
  widgetsWithData: route('POST', '/api/v1/widgets/page-data', 'dashboards', {
    ...DASHBOARD,
    body: pageDataRequestSchema,
    response: z.array(widgetWithDataSchema),
    owned: { kind: 'widget', intent: 'list', container: { kind: 'tab', in: 'body', field: 'page' } },
  }),
  deleteWidget: route('DELETE', '/api/v1/widgets/{id}', 'dashboards', {
    ...DASHBOARD,
    action: 'delete',
    params: byId,
    response: z.object({ deleted: idSchema }),
    owned: { kind: 'widget', intent: 'modify', id: { in: 'params', field: 'id' } },
  }),
} satisfies GroupRoutes<'dashboards'>;

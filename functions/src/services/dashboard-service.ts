import { isDeepStrictEqual } from 'node:util';
import { isIdOf } from '@shared/schemas/ids';
import type { Tab, TabInput } from '@shared/schemas/tab';
import type { Widget, WidgetInput, WidgetLayoutChange, WidgetUpdate } from '@shared/schemas/widget';
import { ownerOnCreate } from '@shared/permissions/ownership';
import { applyWidgetRules, madeText } from '@shared/widgets/dialog-rules';
import {
  createTab as insertTab,
  createWidget as insertWidget,
  deleteTabWithWidgets,
  deleteWidget as removeWidget,
  listTabsOfCustomer,
  listWidgetsOfPage,
  updateTab as saveTab,
  updateWidgetFields,
  updateWidgetLayout as saveWidgetLayout,
} from '../data/dashboard-repository';
import { getOwnedObject } from '../data/owned-repository';
import { AppError } from '../errors';
import { requireVisibleLocation } from './location-service';
import { customerOf, viewerOf, type Caller } from './caller';
import { newId } from './new-id';
import { visiblePointsByIds } from './point-service';
import { sanitizeWidgetText } from './widget-text';

/**
 * Tabs and widgets of dashboards and location pages. Who may see, add to, change or delete
 * them is the ownership step's to decide (route table `owned` rules): these functions run
 * only once it has let the call through.
 */


const requireOwned = async <T>(customerId: string, kind: 'tab' | 'widget', id: string): Promise<T> => {
  const item = await getOwnedObject(customerId, kind, id);
  if (!item) throw new AppError('not_found');
  return item as unknown as T;
};

export const listTabs = (caller: Caller): Promise<Tab[]> => listTabsOfCustomer(customerOf(caller));

export const getTab = (caller: Caller, tabId: string): Promise<Tab> => requireOwned<Tab>(customerOf(caller), 'tab', tabId);

export const createTab = async (caller: Caller, input: TabInput): Promise<Tab> => {
  const customerId = customerOf(caller);
  if (input.parent) await requireVisibleLocation(caller, input.parent);
  const tab: Tab = {
    _id: newId('tab'),
    name: input.name,
    parent: input.parent,
    sharing: input.sharing,
    customer: customerId,
    user: viewerOf(caller).userId,
    created_at: new Date().toISOString(),
  };
  await insertTab(tab);
  return tab;
};

export const updateTab = async (caller: Caller, input: TabInput & { _id: string }): Promise<Tab> => {
  const customerId = customerOf(caller);
  const existing = await requireOwned<Tab>(customerId, 'tab', input._id);
  if (input.parent && input.parent !== existing.parent) await requireVisibleLocation(caller, input.parent);
  const tab: Tab = { ...existing, name: input.name, parent: input.parent, sharing: input.sharing };
  await saveTab(tab);
  return tab;
};

/** Deletes a tab with every widget on it, in one step (see the repository). */
export const deleteTab = async (caller: Caller, tabId: string) => {
  const customerId = customerOf(caller);
  const widgets = await listWidgetsOfPage(customerId, tabId);
  await deleteTabWithWidgets(customerId, tabId, widgets.map((widget) => widget._id));
  return { deleted: tabId, widgets: widgets.length };
};

/** The widgets of the dashboard (no page), or of a tab or a location page the caller may open. */
export const listWidgets = async (caller: Caller, page: string | null): Promise<Widget[]> => {
  const customerId = customerOf(caller);
  if (page !== null && !isIdOf('tab', page)) await requireVisibleLocation(caller, page);
  return listWidgetsOfPage(customerId, page);
};

/** The points a widget draws must be points the caller sees. */
const assertPointsVisible = async (caller: Caller, widget: WidgetInput): Promise<void> => {
  if (widget.points.length === 0 && widget.normalisation.every((entry) => entry.what.kind !== 'point')) return;
  const named = [...widget.points.map((point) => point._id), ...widget.normalisation.flatMap((entry) => (entry.what.kind === 'point' ? [entry.what.point] : []))];
  const visible = new Set((await visiblePointsByIds(caller, named)).points.map((point) => point._id));
  const unknown = named.filter((id) => !visible.has(id));
  if (unknown.length) throw new AppError('not_found', { details: `points ${unknown.join(', ')}` });
};

const assertPage = async (caller: Caller, page: string | null): Promise<void> => {
  // A tab was checked by the ownership step (the caller may add to it); a location must be one the caller may open.
  if (page !== null && !isIdOf('tab', page)) await requireVisibleLocation(caller, page);
};

export const createWidget = async (caller: Caller, input: WidgetInput & { user?: string | null }): Promise<Widget> => {
  const customerId = customerOf(caller);
  await Promise.all([assertPage(caller, input.location), assertPointsVisible(caller, input)]);
  const now = new Date().toISOString();
  // A new text is 50 high, whatever height it was sent with: the page resizes it (the layout route).
  const { _id: _ignored, ...settings } = applyWidgetRules(madeText({ ...input, text: sanitizeWidgetText(input.text) }));
  const widget: Widget = { ...settings, _id: newId('widget'), customer: customerId, user: ownerOnCreate(viewerOf(caller), input.user), created_at: now, updated_at: now };
  await insertWidget(widget);
  return widget;
};

/** The settings a dialog save writes from: its rules applied, its text made safe, without the id and the layout. */
const dialogSettings = (input: WidgetInput) => {
  const { _id: _ignored, position: _position, width_percent: _width, height: _height, ...settings } = applyWidgetRules({ ...input, text: sanitizeWidgetText(input.text) });
  return settings;
};

/**
 * Saves the settings of the widget dialog. Only what differs from the stored widget is written,
 * and never the layout (position, width_percent, height): that is the layout route's, so a save
 * from a dialog opened before a move or a resize does not put the widget back as it was read.
 * With the settings the dialog opened with (`base`), only what the dialog changed is written: a
 * setting another user saved meanwhile is not put back as this dialog read it.
 */
export const updateWidget = async (caller: Caller, { base, ...input }: WidgetUpdate): Promise<Widget> => {
  const customerId = customerOf(caller);
  const existing = await requireOwned<Widget>(customerId, 'widget', input._id);
  if (input.location !== existing.location) await assertPage(caller, input.location);
  await assertPointsVisible(caller, input);
  const settings = dialogSettings(input);
  const changed = changedFields(existing, base ? changedFields(dialogSettings(base), settings) : settings);
  const updated_at = new Date().toISOString();
  await updateWidgetFields(customerId, existing._id, { ...changed, updated_at });
  return { ...existing, ...changed, updated_at };
};

/** The fields of `next` whose value differs from the one `before` holds. */
const changedFields = <T extends object>(before: T, next: Partial<T>): Partial<T> =>
  Object.fromEntries(Object.entries(next).filter(([name, value]) => !isDeepStrictEqual(before[name as keyof T], value))) as Partial<T>;

/** A move or resize of one widget: its position, width or height alone. */
export const updateWidgetLayout = (caller: Caller, widgetId: string, layout: WidgetLayoutChange): Promise<Widget> =>
  saveWidgetLayout(customerOf(caller), widgetId, layout, new Date().toISOString());

export const deleteWidget = async (caller: Caller, widgetId: string) => {
  await removeWidget(customerOf(caller), widgetId);
  return { deleted: widgetId };
};

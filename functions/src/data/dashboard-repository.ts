import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Tab } from '@shared/schemas/tab';
import type { Widget, WidgetLayoutChange } from '@shared/schemas/widget';
import { dynamo } from '../clients/dynamodb';
import { AppError } from '../errors';
import { keys, stripKeys } from './keys';
import { entitiesTable, queryIndex, queryPrefix, updateAttributes, updateOfAttributes } from './table';

const TRANSACTION_ITEMS = 100;

/** A tab's item, with its entry in the customer's list of tabs (GSI1, `keys.tabInList`); updates of its fields leave the entry. */
export const tabItem = (tab: Tab) => ({ ...keys.owned(tab.customer, 'tab', tab._id), ...keys.tabInList(tab.customer, tab._id), kind: 'tab', ...tab });

/** The customer's tabs, from their list on GSI1 (tabs written before it get their entry from the deploy's migration). */
export const listTabsOfCustomer = async (customerId: string): Promise<Tab[]> =>
  (await queryIndex<Record<string, unknown>>(keys.tabList(customerId).GSI1PK))
    .filter((item) => item.kind === 'tab')
    .map((item) => stripKeys(item) as unknown as Tab)
    .sort((a, b) => a.created_at.localeCompare(b.created_at));

/** The ids of the customer's tabs stored under its partition that have no entry in its list yet (the migration's read). */
export const unlistedTabIds = async (customerId: string): Promise<string[]> => {
  const { PK, prefix } = keys.ownedOfCustomer(customerId, 'tab');
  const listed = keys.tabList(customerId).GSI1PK;
  return (await queryPrefix<{ SK: string; GSI1PK?: string }>(PK, prefix, { projection: 'SK, GSI1PK' })).filter((item) => item.GSI1PK !== listed).map((item) => item.SK.slice(prefix.length));
};

/** Gives existing tabs their entry in the customer's list (one gone meanwhile is skipped). */
export const listTabs = async (customerId: string, tabIds: readonly string[]): Promise<void> => {
  for (const tabId of tabIds) {
    await updateAttributes(keys.owned(customerId, 'tab', tabId), keys.tabInList(customerId, tabId)).catch((error: unknown) => {
      if (!(error instanceof AppError && error.code === 'not_found')) throw error;
    });
  }
};

export const createTab = async (tab: Tab): Promise<void> => {
  await dynamo.send(new PutCommand({ TableName: entitiesTable(), Item: tabItem(tab), ConditionExpression: 'attribute_not_exists(PK)' }));
};

export const updateTab = (tab: Tab): Promise<void> => {
  const { _id, customer, user: _user, created_at: _created, ...fields } = tab;
  return updateAttributes(keys.owned(customer, 'tab', _id), fields);
};

/**
 * Deletes a tab and its widgets together. Up to 99 widgets go in the tab's own transaction; a
 * larger tab first loses its widgets a transaction at a time, the tab last, so a failure
 * half-way leaves a tab with fewer widgets, never widgets without their tab, and running it
 * again finishes the work.
 */
export const deleteTabWithWidgets = async (customerId: string, tabId: string, widgetIds: readonly string[]): Promise<void> => {
  const deleteOf = (key: { PK: string; SK: string }) => ({ Delete: { TableName: entitiesTable(), Key: key } });
  const widgets = widgetIds.map((id) => deleteOf(keys.owned(customerId, 'widget', id)));
  const lastStep = widgets.slice(-(TRANSACTION_ITEMS - 1));
  const before = widgets.slice(0, widgets.length - lastStep.length);
  for (let offset = 0; offset < before.length; offset += TRANSACTION_ITEMS) {
    await dynamo.send(new TransactWriteCommand({ TransactItems: before.slice(offset, offset + TRANSACTION_ITEMS) }));
  }
  await dynamo.send(new TransactWriteCommand({ TransactItems: [...lastStep, deleteOf(keys.owned(customerId, 'tab', tabId))] }));
};

const widgetItem = (widget: Widget) => ({ ...keys.owned(widget.customer, 'widget', widget._id), ...keys.widgetsOfPage(widget.customer, widget.location), GSI1SK: widget._id, kind: 'widget', ...widget });

export const listWidgetsOfPage = async (customerId: string, page: string | null): Promise<Widget[]> =>
  (await queryIndex<Record<string, unknown>>(keys.widgetsOfPage(customerId, page).GSI1PK))
    .map((item) => stripKeys(item) as unknown as Widget)
    .sort((a, b) => a.position - b.position || a.created_at.localeCompare(b.created_at));

export const createWidget = async (widget: Widget): Promise<void> => {
  await dynamo.send(new PutCommand({ TableName: entitiesTable(), Item: widgetItem(widget), ConditionExpression: 'attribute_not_exists(PK)' }));
};

/**
 * Sets the named settings of a widget that still exists, and nothing else: a move, a resize or
 * another edit of the same widget at the same time keeps what it wrote. A change of page moves the
 * widget to that page's index too.
 */
export const updateWidgetFields = (customerId: string, widgetId: string, fields: Partial<Omit<Widget, '_id' | 'customer' | 'user' | 'created_at'>>): Promise<void> =>
  updateAttributes(keys.owned(customerId, 'widget', widgetId), { ...fields, ...('location' in fields ? keys.widgetsOfPage(customerId, fields.location ?? null) : {}) });

/** Sets a widget's layout attributes (position, width, height) alone and answers the widget as it now is; a widget that is gone is `not_found`. */
export const updateWidgetLayout = async (customerId: string, widgetId: string, layout: WidgetLayoutChange, now: string): Promise<Widget> => {
  const defined = Object.fromEntries(Object.entries(layout).filter(([, value]) => value !== undefined));
  try {
    const answer = await dynamo.send(new UpdateCommand({ ...updateOfAttributes(keys.owned(customerId, 'widget', widgetId), { ...defined, updated_at: now }), ReturnValues: 'ALL_NEW' }));
    return stripKeys(answer.Attributes ?? {}) as unknown as Widget;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new AppError('not_found', { cause: error });
    throw error;
  }
};

export const deleteWidget = async (customerId: string, widgetId: string): Promise<void> => {
  await dynamo.send(new TransactWriteCommand({ TransactItems: [{ Delete: { TableName: entitiesTable(), Key: keys.owned(customerId, 'widget', widgetId), ConditionExpression: 'attribute_exists(PK)' } }] }));
};

/** Writes tabs and widgets as they are, replacing any of the same ids (the demo restores its set). */
export const putDashboard = async (tabs: readonly Tab[], widgets: readonly Widget[]): Promise<void> => {
  await Promise.all([
    ...tabs.map((tab) => dynamo.send(new PutCommand({ TableName: entitiesTable(), Item: tabItem(tab) }))),
    ...widgets.map((widget) => dynamo.send(new PutCommand({ TableName: entitiesTable(), Item: widgetItem(widget) }))),
  ]);
};

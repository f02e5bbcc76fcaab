import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Alert, AlertLogItem } from '@shared/schemas/alert';
import { dynamo } from '../clients/dynamodb';
import { AppError } from '../errors';
import { keys, stripKeys } from './keys';
import { outboxRecordPut, type OutboxRecord } from './outbox-repository';
import { deleteItems, entitiesTable, getItems, putItems, queryAll, queryIndex, queryPrefix, updateAttributes, updateOfAttributes } from './table';

/** What the evaluation remembers between two runs: whether data was missing (logged once, when it goes missing). */
export interface AlertEvaluationState {
  at: string;
  missing: boolean;
}

export type StoredAlert = Alert & { last_evaluation?: AlertEvaluationState | null };

const alertOf = (item: Record<string, unknown>): StoredAlert => stripKeys(item) as unknown as StoredAlert;
const logItemOf = (item: Record<string, unknown>): AlertLogItem => {
  const { tick: _tick, ...rest } = stripKeys(item) as Record<string, unknown>;
  return rest as unknown as AlertLogItem;
};

/** `consistent`: strongly consistent (the alerts' schedules are made from what was just saved). */
export const listAlertsOfCustomer = async (customerId: string, { consistent = false }: { consistent?: boolean } = {}): Promise<StoredAlert[]> => {
  const { PK, prefix } = keys.ownedOfCustomer(customerId, 'alert');
  return (await queryPrefix<Record<string, unknown>>(PK, prefix, { consistent })).map(alertOf).sort((a, b) => a.created_at.localeCompare(b.created_at));
};

export const getAlert = async (customerId: string, alertId: string): Promise<StoredAlert | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.owned(customerId, 'alert', alertId), ConsistentRead: true }));
  return answer.Item ? alertOf(answer.Item) : null;
};

/** An alert as the table holds it: under its customer, and on GSI1 among the customer's alerts. */
const alertItem = (alert: Alert): Record<string, unknown> => ({ ...keys.owned(alert.customer, 'alert', alert._id), ...keys.alertsIndex(alert.customer), GSI1SK: alert._id, kind: 'alert', ...alert });

/**
 * A customer's alerts from GSI1 (eventually consistent: a list right after a save reads the
 * partition, `listAlertsOfCustomer`): the alerts alone, not a Query of the customer's partition,
 * which the emulator reads whole (~41,000 items at a large customer's size).
 */
export const listAlertsOfCustomerFromIndex = async (customerId: string): Promise<StoredAlert[]> =>
  (await queryIndex<Record<string, unknown>>(keys.alertsIndex(customerId).GSI1PK)).map(alertOf);

/** Gives alerts written before GSI1 listed them their place there (idempotent); answers how many. */
export const indexAlertsOfCustomer = async (customerId: string): Promise<number> => {
  const { PK, prefix } = keys.ownedOfCustomer(customerId, 'alert');
  const missing = (await queryPrefix<Record<string, unknown>>(PK, prefix)).filter((item) => item.GSI1PK !== keys.alertsIndex(customerId).GSI1PK);
  for (const item of missing) {
    try {
      await dynamo.send(new UpdateCommand(updateOfAttributes({ PK, SK: String(item.SK) }, { ...keys.alertsIndex(customerId), GSI1SK: String(item._id) })));
    } catch (error) {
      // Deleted meanwhile.
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    }
  }
  return missing.length;
};

export const putNewAlert = async (alert: Alert): Promise<void> => {
  await dynamo.send(
    new PutCommand({
      TableName: entitiesTable(),
      Item: alertItem(alert),
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
};

/** Puts many alerts as they are, 25 per batch (a seeded customer; rewriting them replaces them, their evaluation's memory with them). */
export const putAlerts = (alerts: readonly Alert[]): Promise<void> =>
  putItems(alerts.map(alertItem));

/** Saves what a user edits; the owner's creation date and the evaluation's memory stay as they were. */
/**
 * Saves an alert's settings (it must still exist). With `cronTimeRead`, only while the stored cron
 * time is still that one: a concurrent change of it answers 409 `conflict` instead of being undone.
 */
export const updateAlertSettings = async (alert: Alert, cronTimeRead: string | null = null): Promise<void> => {
  const { _id, customer, created_at: _created, ...fields } = alert;
  const key = keys.owned(customer, 'alert', _id);
  if (cronTimeRead === null) return updateAttributes(key, fields);
  const update = updateOfAttributes(key, fields);
  try {
    await dynamo.send(
      new UpdateCommand({
        ...update,
        ConditionExpression: `${update.ConditionExpression} AND #cronRead = :cronRead`,
        ExpressionAttributeNames: { ...update.ExpressionAttributeNames, '#cronRead': 'cron_time' },
        ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':cronRead': cronTimeRead },
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    const stillThere = await getAlert(customer, _id);
    throw new AppError(stillThere ? 'conflict' : 'not_found', { cause: error });
  }
};

export const recordAlertEvaluation = (customerId: string, alertId: string, state: AlertEvaluationState): Promise<void> =>
  updateAttributes(keys.owned(customerId, 'alert', alertId), { last_evaluation: state });

export const deleteAlert = async (customerId: string, alertId: string): Promise<void> => {
  await dynamo.send(new DeleteCommand({ TableName: entitiesTable(), Key: keys.owned(customerId, 'alert', alertId) }));
};

// ——— The log ———

export interface LogCounts {
  total_count: number;
  total_acquitted: number;
}

const countsOf = (item: Record<string, unknown> | undefined): LogCounts => ({
  total_count: Number(item?.total_count ?? 0),
  total_acquitted: Number(item?.total_acquitted ?? 0),
});

const cancelledByCondition = (error: unknown): boolean =>
  error instanceof TransactionCanceledException && (error.CancellationReasons ?? []).some((reason) => reason.Code === 'ConditionalCheckFailed');

const cancelledByConflict = (error: unknown): boolean =>
  (error instanceof TransactionCanceledException && (error.CancellationReasons ?? []).some((reason) => reason.Code === 'TransactionConflict')) ||
  (error as { name?: string }).name === 'TransactionConflictException';

/**
 * A transaction on an alert's entry and its counts. Transactions touching the same counts at the
 * same time (several acquits, a run writing an entry) may be refused as conflicting: they are
 * tried again, so each one's change is counted exactly once.
 */
const transact = async (input: ConstructorParameters<typeof TransactWriteCommand>[0]): Promise<void> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await dynamo.send(new TransactWriteCommand(input));
      return;
    } catch (error) {
      if (!cancelledByConflict(error) || attempt >= 8) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 40));
    }
  }
};

/**
 * Writes the entry of an alert's tick, counts it and queues its messages (outbox records), in one
 * transaction: the entry's key is the tick, so a second run for the same tick finds it there and
 * writes nothing (false).
 */
export const putLogItemOnce = async (customerId: string, tick: number, item: AlertLogItem, outbox: readonly OutboxRecord[] = []): Promise<boolean> => {
  try {
    await transact({
        TransactItems: [
          {
            Put: {
              TableName: entitiesTable(),
              Item: { ...keys.alertLogItem(customerId, item.alert, tick), kind: 'alert-log', tick, ...item },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Update: {
              TableName: entitiesTable(),
              Key: keys.alertLogSummary(customerId, item.alert),
              UpdateExpression: 'SET #kind = :kind, alert = :alert, alert_name = :name ADD total_count :one, total_acquitted :zero',
              ExpressionAttributeNames: { '#kind': 'kind' },
              ExpressionAttributeValues: { ':kind': 'alert-log-summary', ':alert': item.alert, ':name': item.alert_name, ':one': 1, ':zero': 0 },
            },
          },
          ...outbox.map(outboxRecordPut),
        ],
      });
    return true;
  } catch (error) {
    if (cancelledByCondition(error)) return false;
    throw error;
  }
};

export const markLogItemNotified = async (customerId: string, alertId: string, tick: number): Promise<void> => {
  await dynamo.send(
    new UpdateCommand({ TableName: entitiesTable(), Key: keys.alertLogItem(customerId, alertId, tick), UpdateExpression: 'SET notified = :yes', ExpressionAttributeValues: { ':yes': true } }),
  );
};

export const getLogItem = async (customerId: string, alertId: string, tick: number): Promise<AlertLogItem | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.alertLogItem(customerId, alertId, tick), ConsistentRead: true }));
  return answer.Item ? logItemOf(answer.Item) : null;
};

export const getLogItems = async (customerId: string, refs: readonly { alertId: string; tick: number }[]): Promise<AlertLogItem[]> => {
  const found: AlertLogItem[] = [];
  for (let offset = 0; offset < refs.length; offset += 100) {
    let requested: Record<string, unknown>[] = refs.slice(offset, offset + 100).map((ref) => keys.alertLogItem(customerId, ref.alertId, ref.tick));
    while (requested.length) {
      const answer = await dynamo.send(new BatchGetCommand({ RequestItems: { [entitiesTable()]: { Keys: requested, ConsistentRead: true } } }));
      found.push(...(answer.Responses?.[entitiesTable()] ?? []).map(logItemOf));
      requested = (answer.UnprocessedKeys?.[entitiesTable()]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  return found.sort((a, b) => b.at.localeCompare(a.at));
};

/** An alert's entries from a tick on, newest first, acquitted or not. */
export const listLogItems = async (customerId: string, alertId: string, fromTick: number, acquitted: boolean): Promise<AlertLogItem[]> => {
  const { PK, prefix } = keys.alertLogOfAlert(customerId, alertId);
  const items = await queryAll<Record<string, unknown>>({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    FilterExpression: 'acquitted = :acquitted',
    ExpressionAttributeValues: {
      ':pk': PK,
      ':from': keys.alertLogItem(customerId, alertId, Math.max(0, fromTick)).SK,
      ':to': `${prefix}~`,
      ':acquitted': acquitted,
    },
    ScanIndexForward: false,
  });
  return items.map(logItemOf);
};

/** The ticks of an alert's entries not acquitted yet. */
export const listOpenLogTicks = async (customerId: string, alertId: string): Promise<number[]> => {
  const { PK, prefix } = keys.alertLogOfAlert(customerId, alertId);
  const items = await queryPrefix<{ tick: unknown }>(PK, prefix, { filter: { expression: 'acquitted = :no', values: { ':no': false } }, projection: 'tick' });
  return items.map((item) => Number(item.tick));
};

export interface Acquittal {
  by: string;
  byName: string | null;
  at: string;
  comment: string | null;
}

/**
 * Acquits one entry and counts it, in one transaction, only if it is not acquitted yet: two
 * users acquitting the same entry at once count it once (the second gets false).
 */
export const acquitLogItem = async (customerId: string, alertId: string, tick: number, acquittal: Acquittal): Promise<boolean> => {
  try {
    await transact({
        TransactItems: [
          {
            Update: {
              TableName: entitiesTable(),
              Key: keys.alertLogItem(customerId, alertId, tick),
              UpdateExpression: 'SET acquitted = :yes, acquitted_by = :by, acquitted_by_name = :name, acquitted_at = :at, acquit_comment = :comment',
              ConditionExpression: 'attribute_exists(PK) AND acquitted = :no',
              ExpressionAttributeValues: { ':yes': true, ':no': false, ':by': acquittal.by, ':name': acquittal.byName, ':at': acquittal.at, ':comment': acquittal.comment },
            },
          },
          {
            Update: {
              TableName: entitiesTable(),
              Key: keys.alertLogSummary(customerId, alertId),
              UpdateExpression: 'ADD total_acquitted :one',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
        ],
      });
    return true;
  } catch (error) {
    if (cancelledByCondition(error)) return false;
    throw error;
  }
};

/** Adds a comment to an entry that still exists (false when it does not). */
export const appendLogComment = async (customerId: string, alertId: string, tick: number, comment: AlertLogItem['comments'][number]): Promise<boolean> => {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keys.alertLogItem(customerId, alertId, tick),
        UpdateExpression: 'SET comments = list_append(if_not_exists(comments, :none), :comment)',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':comment': [comment], ':none': [] },
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
};

export const getLogCounts = async (customerId: string, alertId: string): Promise<LogCounts> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.alertLogSummary(customerId, alertId), ConsistentRead: true }));
  return countsOf(answer.Item);
};

/** The log counts of these alerts, by key (100 a call), not a Query of the customer's partition. */
export const getLogCountsOf = async (customerId: string, alertIds: readonly string[]): Promise<Map<string, LogCounts>> => {
  const items = await getItems([...new Set(alertIds)].map((alertId) => keys.alertLogSummary(customerId, alertId)));
  return new Map(items.map((item) => [String(item.alert), countsOf(item)]));
};

export const listLogCounts = async (customerId: string): Promise<Map<string, LogCounts>> => {
  const { PK, prefix } = keys.alertLogSummariesOfCustomer(customerId);
  const items = await queryPrefix<Record<string, unknown>>(PK, prefix);
  return new Map(items.map((item) => [String(item.alert), countsOf(item)]));
};

/** Erases an alert's log: its entries, then its counts (an entry written meanwhile is counted again by its own write). */
export const eraseLog = async (customerId: string, alertId: string): Promise<number> => {
  const { PK, prefix } = keys.alertLogOfAlert(customerId, alertId);
  const items = await queryPrefix<{ PK: string; SK: string }>(PK, prefix);
  await deleteItems(items);
  await dynamo.send(new DeleteCommand({ TableName: entitiesTable(), Key: keys.alertLogSummary(customerId, alertId) }));
  return items.length;
};

import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../clients/dynamodb';
import { keys } from './keys';
import { entitiesTable } from './table';

/** The application's own state (one item): version installed by updates, update under way, restarts, the vendor's last word. */
export interface ApplicationState {
  installed_version: string | null;
  wanted_version: string | null;
  update_state: 'idle' | 'updating' | 'failed';
  update_started_at: string | null;
  restarted_at: string | null;
  /** The vendor's last answer, as the browser reported it (spy) or the server read it. */
  is_allowed_to_update: boolean;
  spy_at: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export const getApplicationState = async (): Promise<ApplicationState> => {
  const item = (await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.application }))).Item;
  return {
    installed_version: text(item?.installed_version),
    wanted_version: text(item?.wanted_version),
    update_state: item?.update_state === 'updating' || item?.update_state === 'failed' ? item.update_state : 'idle',
    update_started_at: text(item?.update_started_at),
    restarted_at: text(item?.restarted_at),
    is_allowed_to_update: item?.is_allowed_to_update !== false,
    spy_at: text(item?.spy_at),
  };
};

/** Sets some attributes of the application item (created on first use), leaving the others. */
export const setApplicationState = async (values: Partial<ApplicationState>): Promise<void> => {
  const names = Object.keys(values);
  if (names.length === 0) return;
  await dynamo.send(
    new UpdateCommand({
      TableName: entitiesTable(),
      Key: keys.application,
      UpdateExpression: `SET #kind = :kind, ${names.map((_, index) => `#n${index} = :v${index}`).join(', ')}`,
      ExpressionAttributeNames: { '#kind': 'kind', ...Object.fromEntries(names.map((name, index) => [`#n${index}`, name])) },
      ExpressionAttributeValues: { ':kind': 'application', ...Object.fromEntries(names.map((name, index) => [`:v${index}`, values[name as keyof ApplicationState]])) },
    }),
  );
};

/**
 * Starts an update unless one is under way: the one conditional write decides, so two clicks
 * start one update. Answers false when another update is running.
 */
export const startUpdate = async (version: string, startedAt: string): Promise<boolean> => {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keys.application,
        UpdateExpression: 'SET #kind = :kind, wanted_version = :version, update_state = :updating, update_started_at = :at',
        ConditionExpression: 'attribute_not_exists(update_state) OR update_state <> :updating OR update_started_at < :stale',
        ExpressionAttributeNames: { '#kind': 'kind' },
        ExpressionAttributeValues: {
          ':kind': 'application',
          ':version': version,
          ':updating': 'updating',
          ':at': startedAt,
          // An update that never finished (its job died) does not block the next one for ever.
          ':stale': new Date(Date.parse(startedAt) - 15 * 60_000).toISOString(),
        },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
};

export interface VendorAnswer {
  is_locked: boolean;
  is_allowed_to_update: boolean;
  /** When the vendor signed it (seconds since the epoch). */
  signedAt: number;
  receivedAt: string;
}

/**
 * Applies the vendor's signed answer: the lock (the system configuration's `is_locked`) and
 * whether updates are allowed, in one transaction, only if it was signed after the last one
 * applied. So a relayed answer takes effect once, and an older one never undoes a newer one:
 * answers false when it was not applied.
 */
export const applyVendorAnswer = async (answer: VendorAnswer): Promise<boolean> => {
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: entitiesTable(),
              Key: keys.application,
              UpdateExpression: 'SET #kind = :kind, is_allowed_to_update = :allowed, spy_at = :at, vendor_answer_signed_at = :signed',
              ConditionExpression: 'attribute_not_exists(vendor_answer_signed_at) OR vendor_answer_signed_at < :signed',
              ExpressionAttributeNames: { '#kind': 'kind' },
              ExpressionAttributeValues: { ':kind': 'application', ':allowed': answer.is_allowed_to_update, ':at': answer.receivedAt, ':signed': answer.signedAt },
            },
          },
          {
            Update: {
              TableName: entitiesTable(),
              Key: keys.systemConfig,
              UpdateExpression: 'SET #kind = :kind, is_locked = :locked',
              ExpressionAttributeNames: { '#kind': 'kind' },
              ExpressionAttributeValues: { ':kind': 'system-config', ':locked': answer.is_locked },
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') return false;
    throw error;
  }
};

import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PermissionMap } from '@shared/permissions/default-permissions';
import type { NotificationSettings, SystemConfigSettings } from '@shared/schemas/system-settings';
import { dynamo } from '../clients/dynamodb';
import { keys, stripKeys } from './keys';
import { entitiesTable } from './table';

export interface SystemConfig {
  is_locked: boolean;
  machine_id: string;
  can_from_server: boolean;
}

const versionOf = (item: Record<string, unknown> | undefined): number => (typeof item?.version === 'number' ? item.version : 0);

/**
 * Puts a whole-form item with the next version, on the condition that it is still at the version
 * read (an item never saved, or saved before versions were kept, is at 0). False when it moved.
 */
const putIfVersion = async (item: Record<string, unknown>, readVersion: number): Promise<boolean> => {
  try {
    await dynamo.send(
      new PutCommand({
        TableName: entitiesTable(),
        Item: { ...item, version: readVersion + 1 },
        ConditionExpression: readVersion === 0 ? 'attribute_not_exists(#version)' : '#version = :read',
        ExpressionAttributeNames: { '#version': 'version' },
        ...(readVersion === 0 ? {} : { ExpressionAttributeValues: { ':read': readVersion } }),
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
};

const getItem = async (key: { PK: string; SK: string }): Promise<Record<string, unknown> | undefined> =>
  (await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: key }))).Item;

export const getSystemConfig = async (): Promise<SystemConfig> => {
  const item = await getItem(keys.systemConfig);
  return {
    is_locked: item?.is_locked === true,
    machine_id: typeof item?.machine_id === 'string' ? item.machine_id : 'unregistered',
    can_from_server: item?.can_from_server !== false,
  };
};

export const putSystemConfig = async (systemConfig: SystemConfig): Promise<void> => {
  await dynamo.send(
    new PutCommand({ TableName: entitiesTable(), Item: { ...keys.systemConfig, kind: 'system-config', ...systemConfig } }),
  );
};

/** A customer's role → resource → actions map, or null when none was stored (the defaults apply). */
export const getCustomerPermissionMap = async (customerId: string): Promise<Partial<PermissionMap> | null> =>
  (await getVersionedCustomerPermissionMap(customerId)).permissions;

/** The map and how many times it was saved (0: never, or before saves were counted). */
export const getVersionedCustomerPermissionMap = async (customerId: string): Promise<{ permissions: Partial<PermissionMap> | null; version: number }> => {
  const item = await getItem(keys.customerPermissions(customerId));
  return { permissions: (item?.permissions as PermissionMap | undefined) ?? null, version: versionOf(item) };
};

/** Replaces the map only if it is still at the version the saver read: false (nothing written) when someone saved in between. */
export const replaceCustomerPermissionMap = (customerId: string, permissions: Partial<PermissionMap>, readVersion: number): Promise<boolean> =>
  putIfVersion({ ...keys.customerPermissions(customerId), kind: 'acl', permissions }, readVersion);

export const putCustomerPermissionMap = async (customerId: string, permissions: Partial<PermissionMap>): Promise<void> => {
  await dynamo.send(
    new PutCommand({ TableName: entitiesTable(), Item: { ...keys.customerPermissions(customerId), kind: 'acl', permissions } }),
  );
};

/** A customization image as stored: its S3 key (documents bucket) and type. */
export interface StoredCustomizationImage {
  object_key: string;
  content_type: string;
}

export interface StoredCustomizations {
  logo: StoredCustomizationImage | null;
  background_image: StoredCustomizationImage | null;
}

const imageOf = (value: unknown): StoredCustomizationImage | null =>
  typeof value === 'object' && value !== null && typeof (value as StoredCustomizationImage).object_key === 'string' ? (value as StoredCustomizationImage) : null;

export const getCustomizations = async (): Promise<StoredCustomizations> => {
  const item = await getItem(keys.customizations);
  return { logo: imageOf(item?.logo), background_image: imageOf(item?.background_image) };
};

/** Sets (or, with null, removes) one customization image; answers the one it replaced. */
export const setCustomizationImage = async (kind: keyof StoredCustomizations, image: StoredCustomizationImage | null): Promise<StoredCustomizationImage | null> => {
  const answer = await dynamo.send(
    new UpdateCommand({
      TableName: entitiesTable(),
      Key: keys.customizations,
      UpdateExpression: image ? 'SET #kind = :image, #type = :type' : 'REMOVE #kind SET #type = :type',
      ExpressionAttributeNames: { '#kind': kind, '#type': 'kind' },
      ExpressionAttributeValues: { ...(image ? { ':image': image } : {}), ':type': 'customization' },
      ReturnValues: 'UPDATED_OLD',
    }),
  );
  return imageOf(answer.Attributes?.[kind]);
};

export interface DemoSeriesProgress {
  done: number;
  total: number;
  state: 'running' | 'done';
}

/** Where the demo series seeding reports how far it is, for `npm start` to show. */
export const putDemoSeriesProgress = async (progress: DemoSeriesProgress): Promise<void> => {
  await dynamo.send(new PutCommand({ TableName: entitiesTable(), Item: { ...keys.demoSeriesProgress, kind: 'demo-progress', ...progress } }));
};

/** How far the seeding of a large customer went (see services/large-customer-seed.ts), read strongly. */
export const getLargeSeedProgress = async <T>(customerId: string): Promise<T | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.largeSeedProgress(customerId), ConsistentRead: true }));
  return answer.Item ? (stripKeys(answer.Item) as T) : null;
};

export const putLargeSeedProgress = async (customerId: string, progress: Record<string, unknown>): Promise<void> => {
  await dynamo.send(new PutCommand({ TableName: entitiesTable(), Item: { ...keys.largeSeedProgress(customerId), kind: 'large-seed', ...progress } }));
};

/** The product defaults of the customer roles, or null when none were stored (DEFAULT_PERMISSIONS apply). */
export const getDefaultPermissionMap = async (): Promise<Partial<PermissionMap> | null> => {
  const item = await getItem(keys.aclDefaults);
  return (item?.permissions as PermissionMap | undefined) ?? null;
};

export const putDefaultPermissionMap = async (permissions: Partial<PermissionMap>): Promise<void> => {
  await dynamo.send(new PutCommand({ TableName: entitiesTable(), Item: { ...keys.aclDefaults, kind: 'acl-defaults', permissions } }));
};

/** A customer's notification settings as stored (with their `version`), or null (the defaults apply). */
export const getNotificationSettings = async (customerId: string): Promise<Record<string, unknown> | null> =>
  (await getItem(keys.notificationSettings(customerId))) ?? null;

/** Replaces the settings only if they are still at the version the saver read: false (nothing written) when someone saved in between. */
export const replaceNotificationSettings = (customerId: string, settings: NotificationSettings, readVersion: number): Promise<boolean> =>
  putIfVersion({ ...keys.notificationSettings(customerId), kind: 'notification-settings', ...settings }, readVersion);

/** The administrators' e-mail part of the system configuration (the item also holds is_locked, machine_id …). */
export const getAdministratorsEmailSettings = async (): Promise<SystemConfigSettings> => {
  const item = await getItem(keys.systemConfig);
  const listed = Array.isArray(item?.administrators_email) ? (item.administrators_email as { email?: unknown }[]) : [];
  return {
    administrators_email: listed.flatMap((entry) => (typeof entry?.email === 'string' ? [{ email: entry.email }] : [])),
    only_custom_administrators_email: item?.only_custom_administrators_email === true,
  };
};

/** Sets only its two fields: the licence lock, the machine id and the other fields of the item stay. */
export const updateAdministratorsEmailSettings = async (settings: SystemConfigSettings): Promise<void> => {
  await dynamo.send(
    new UpdateCommand({
      TableName: entitiesTable(),
      Key: keys.systemConfig,
      UpdateExpression: 'SET administrators_email = :emails, only_custom_administrators_email = :only, kind = if_not_exists(kind, :kind)',
      ExpressionAttributeValues: {
        ':emails': settings.administrators_email,
        ':only': settings.only_custom_administrators_email,
        ':kind': 'system-config',
      },
    }),
  );
};

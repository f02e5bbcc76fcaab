import type { OwnedKind } from '@shared/api/routes';

const OWNED_PREFIX: Record<OwnedKind, string> = {
  tab: 'TAB#',
  widget: 'WGT#',
  alert: 'ALERT#',
  reminder: 'REM#',
  export: 'EXP#',
  report: 'REP#',
  subscription: 'SUB#',
};

/**
 * Key formats of the entities table, in one place. Tenant-owned items live under the customer's
 * partition; global items (super users, system settings) under fixed partitions.
 */
/** The partition of a customer's outbox records, or the system's for mail sent for no customer. */
const outboxPartition = (customerId: string | null): string => (customerId ? `C#${customerId}` : 'SYSTEM');

export const keys = {
  customer: (customerId: string) => ({ PK: `C#${customerId}`, SK: 'CUSTOMER' }),
  customersIndex: { GSI1PK: 'CUSTOMERS' },
  customerUser: (customerId: string, userId: string) => ({ PK: `C#${customerId}`, SK: `USER#${userId}` }),
  superUser: (userId: string) => ({ PK: 'SU', SK: `USER#${userId}` }),
  /** The partition a user lives in: their customer's, or the super users' one. */
  user: (homeCustomerId: string | null, userId: string) =>
    homeCustomerId ? keys.customerUser(homeCustomerId, userId) : keys.superUser(userId),
  userEmailIndex: (email: string) => ({ GSI1PK: `EMAIL#${email.toLowerCase()}`, GSI1SK: 'USER' }),
  usersOfCustomer: (customerId: string) => ({ PK: `C#${customerId}`, prefix: 'USER#' }),
  /**
   * A customer user's entry in the list of its customer's users: a small partition of its own (the
   * customer's partition holds its points and their guards, which a Query there would read through
   * in the emulator), written in the same transaction as the user.
   */
  userListEntry: (customerId: string, userId: string) => ({ PK: `C#${customerId}#USERS`, SK: `USER#${userId}` }),
  userListOfCustomer: (customerId: string) => ({ PK: `C#${customerId}#USERS`, prefix: 'USER#' }),
  superUsers: { PK: 'SU', prefix: 'USER#' },
  location: (customerId: string, locationId: string) => ({ PK: `C#${customerId}`, SK: `LOC#${locationId}` }),
  locationsOfCustomer: (customerId: string) => ({ PK: `C#${customerId}`, prefix: 'LOC#' }),
  /** A location's entry in its customer's list of locations (sparse, on GSI1): the list reads that small partition, not the customer's. */
  locationInList: (customerId: string, locationId: string) => ({ GSI1PK: `C#${customerId}#LOCATIONS`, GSI1SK: `LOC#${locationId}` }),
  locationList: (customerId: string) => ({ GSI1PK: `C#${customerId}#LOCATIONS` }),
  /**
   * A small item every writer of the customer's locations moves (a new version, in the location's own
   * transaction, or after a batch): a session's renewal reads it, not the locations, to say that the
   * visible tree a client holds is unchanged (functions/src/services/login-locations.ts). Outside the
   * `LOC#` prefix and off GSI1: no list of locations reads it.
   */
  locationsStamp: (customerId: string) => ({ PK: `C#${customerId}`, SK: 'STAMP#LOCATIONS' }),
  point: (customerId: string, pointId: string) => ({ PK: `C#${customerId}`, SK: `PT#${pointId}` }),
  pointsOfCustomer: (customerId: string) => ({ PK: `C#${customerId}`, prefix: 'PT#' }),
  /** A point's place in the order of its customer's lists (see pointOrderKey): read page by page from GSI1. */
  pointInOrder: (customerId: string, orderKey: string) => ({ GSI1PK: `C#${customerId}#POINTS`, GSI1SK: orderKey }),
  pointsInOrder: (customerId: string) => ({ GSI1PK: `C#${customerId}#POINTS` }),
  /**
   * A small item every writer of the customer's points moves (a new version, in the point's own
   * transaction): a source fetch reads it and keeps the customer's point list as long as it has not
   * moved (functions/src/services/fetched-points.ts). Outside the `PT#` prefix: no list of points reads it.
   */
  pointsStamp: (customerId: string) => ({ PK: `C#${customerId}`, SK: 'STAMP#POINTS' }),
  /** Guards the uniqueness of a technical id within a customer. */
  technicalId: (customerId: string, technicalId: string) => ({ PK: `C#${customerId}`, SK: `TECHID#${technicalId}` }),
  /**
   * Maplytics' summary of a site (functions/src/data/map-summary.ts): its shown points and rated meters, kept by the points'
   * writers, in a small partition of the customer's own, so that the map reads a thousand sites, not 20,000 points.
   */
  mapSummary: (customerId: string, locationId: string) => ({ PK: `C#${customerId}#MAPSUM`, SK: locationId }),
  mapSummaries: (customerId: string) => ({ PK: `C#${customerId}#MAPSUM` }),
  notification: (customerId: string, userId: string, notificationId: string) => ({
    PK: `C#${customerId}`,
    SK: `NOTIF#${userId}#${notificationId}`,
  }),
  notificationsOfUser: (customerId: string, userId: string) => ({ PK: `C#${customerId}`, prefix: `NOTIF#${userId}#` }),
  /** A notification's entry in its user's list (sparse, on GSI1): every screen asks for the unread ones, without reading the customer's partition. */
  notificationInList: (customerId: string, userId: string, notificationId: string) => ({ GSI1PK: `C#${customerId}#NOTIF#${userId}`, GSI1SK: notificationId }),
  notificationList: (customerId: string, userId: string) => ({ GSI1PK: `C#${customerId}#NOTIF#${userId}` }),
  notificationsOfCustomer: (customerId: string) => ({ PK: `C#${customerId}`, prefix: 'NOTIF#' }),
  /** Marks that a reminder fired for one due time: a job run twice for it finds it and does nothing. */
  reminderFiring: (customerId: string, reminderId: string, due: string) => ({ PK: `C#${customerId}`, SK: `REMFIRE#${reminderId}#${due}` }),
  /** The sending of a report subscription for one due time: claimed before the PDF is made, so a second run sends nothing. */
  subscriptionSending: (customerId: string, subscriptionId: string, due: string) => ({ PK: `C#${customerId}`, SK: `SUBSEND#${subscriptionId}#${due}` }),
  /**
   * One e-mail or SMS of the outbox, under its customer (or, for mail of no customer — a super
   * user's link, the administrators' notice of a registration — under the system's partition): its
   * id names what it is for (entity, occasion, channel, recipients), so the records of one entity share a prefix.
   */
  outboxRecord: (customerId: string | null, recordId: string) => ({ PK: outboxPartition(customerId), SK: `OUTBOX#${recordId}` }),
  outboxRecordsWithPrefix: (customerId: string | null, idPrefix: string) => ({ PK: outboxPartition(customerId), prefix: `OUTBOX#${idPrefix}` }),
  /** The records not sent yet, across customers (sparse, on GSI1), by the time they may next be tried. */
  outboxUnsentIndex: (customerId: string | null, recordId: string, tryAt: string) => ({ GSI1PK: 'OUTBOX#UNSENT', GSI1SK: `${tryAt}#${outboxPartition(customerId)}#${recordId}` }),
  outboxUnsent: { GSI1PK: 'OUTBOX#UNSENT' },
  /** Tests only (read when the deployment enables fault injection): makes the next sends of one entity fail. */
  outboxFault: (customerId: string | null, sourceKind: string, sourceId: string) => ({ PK: outboxPartition(customerId), SK: `OUTBOXFAULT#${sourceKind}#${sourceId}` }),
  /** Keeps an e-mail to one user across the product: written with the user, in one transaction. */
  emailGuard: (email: string) => ({ PK: `EMAIL#${email.toLowerCase()}`, SK: 'GUARD' }),
  /** An e-mailed link to set a password, by the SHA-256 of its token (the token itself is never stored). */
  passwordLink: (tokenHash: string) => ({ PK: `PWLINK#${tokenHash}`, SK: 'LINK' }),
  /**
   * Tries of one public account route by one source address or account, in one fixed window (TTL):
   * `subject` is an address (or its IPv6 /64) or a lower-cased e-mail, never a tenant's data. The
   * `api` action counts signed-in requests by customer or super user id (`THROTTLE#api#customer#<id>`),
   * the only items a read-only endpoint group may update (infra/lib/stacks/api-stack.ts).
   */
  /** A customer's lane in a fair work queue (docs/architecture/fair-work.md): one partition per queue lists the customers with work. */
  fairLane: (queue: string, customerId: string) => ({ PK: `FAIR#${queue}`, SK: `C#${customerId}` }),
  fairLanes: (queue: string) => ({ PK: `FAIR#${queue}` }),
  /**
   * A job waiting in a customer's lane, oldest first by its sort key: a partition per queue and customer, so that
   * taking the oldest reads that lane only (not the customer's whole partition; the emulator reads a whole partition per Query).
   */
  fairJob: (queue: string, customerId: string, order: string) => ({ PK: `FAIRJOB#${queue}#C#${customerId}`, SK: order }),
  fairJobsOfCustomer: (queue: string, customerId: string) => ({ PK: `FAIRJOB#${queue}#C#${customerId}` }),
  throttleWindow: (action: string, scope: string, subject: string, windowStart: number) => ({ PK: `THROTTLE#${action}#${scope}#${subject}`, SK: `W#${windowStart}` }),
  /** Registrations waiting for root or a super user, in one partition of their own. */
  registration: (registrationId: string) => ({ PK: 'REGISTRATIONS', SK: `REG#${registrationId}` }),
  registrations: { PK: 'REGISTRATIONS', prefix: 'REG#' },
  loginAttempts: (email: string) => ({ PK: `LOGIN#${email.toLowerCase()}`, SK: 'ATTEMPTS' }),
  /** A customer's permission map (role → keys → actions): each customer's own, seeded with the defaults. */
  customerPermissions: (customerId: string) => ({ PK: `C#${customerId}`, SK: 'ACL' }),
  /** Owned objects (tabs, widgets, alerts …) under their customer, one sort-key prefix per kind. */
  owned: (customerId: string, kind: OwnedKind, id: string) => ({ PK: `C#${customerId}`, SK: `${OWNED_PREFIX[kind]}${id}` }),
  ownedOfCustomer: (customerId: string, kind: OwnedKind) => ({ PK: `C#${customerId}`, prefix: OWNED_PREFIX[kind] }),
  /** A tab's entry in its customer's list of tabs (sparse, on GSI1): every screen's tab bar reads it, not the customer's partition. */
  tabInList: (customerId: string, tabId: string) => ({ GSI1PK: `C#${customerId}#TABS`, GSI1SK: `TAB#${tabId}` }),
  tabList: (customerId: string) => ({ GSI1PK: `C#${customerId}#TABS` }),
  image: (customerId: string, imageId: string) => ({ PK: `C#${customerId}`, SK: `IMG#${imageId}` }),
  imagesOfCustomer: (customerId: string) => ({ PK: `C#${customerId}`, prefix: 'IMG#' }),
  /** S3 key of an image's bytes: under its customer. */
  imageObject: (customerId: string, imageId: string) => `${customerId}/images/${imageId}`,
  /** A profile picture, under its user's customer or the super users' area; each upload its own name, so no stale copy is served. */
  profilePictureObject: (homeCustomerId: string | null, userId: string, version: string) =>
    `${homeCustomerId ?? 'super-users'}/profile-pictures/${userId}/${version}`,
  /** The widgets of one page: a tab, a location page, or (null) the dashboard. */
  widgetsOfPage: (customerId: string, page: string | null) => ({ GSI1PK: `C#${customerId}#PAGE#${page ?? 'dashboard'}` }),
  meterFile: (customerId: string, fileId: string) => ({ PK: `C#${customerId}`, SK: `FILE#${fileId}` }),
  meterFilesOfCustomer: (customerId: string) => ({ PK: `C#${customerId}`, prefix: 'FILE#' }),
  /** S3 keys (uploads bucket) of a meter file's bytes and of its rejected rows: under its customer. */
  meterFileObject: (customerId: string, fileId: string) => `${customerId}/files/${fileId}`,
  meterFileRejectsObject: (customerId: string, fileId: string) => `${customerId}/files/${fileId}.rejects.csv`,
  /** The last file of its type made of an export (overwritten by the next one: links to it live minutes). */
  exportFileObject: (customerId: string, exportId: string, type: string) => `${customerId}/exports/${exportId}.${type}`,
  /** One printing of a report, read back once by whoever asked for it and then deleted. */
  reportPdfPrefix: (customerId: string, reportId: string) => `${customerId}/reports/${reportId}/`,
  reportPdfObject: (customerId: string, reportId: string, printId: string) => `${customerId}/reports/${reportId}/${printId}.pdf`,
  ftpRetriever: (customerId: string, ftpId: string) => ({ PK: `C#${customerId}`, SK: `FTP#${ftpId}` }),
  ftpRetrieversOfCustomer: (customerId: string) => ({ PK: `C#${customerId}`, prefix: 'FTP#' }),
  /** What a retriever knows of one file name on its server: last seen size and date, the version it took. */
  ftpRemoteFile: (customerId: string, ftpId: string, name: string) => ({ PK: `C#${customerId}`, SK: `FTPFILE#${ftpId}#${name}` }),
  ftpRemoteFilesOfRetriever: (customerId: string, ftpId: string) => ({ PK: `C#${customerId}`, prefix: `FTPFILE#${ftpId}#` }),
  source: (customerId: string, sourceId: string) => ({ PK: `C#${customerId}`, SK: `SRC#${sourceId}` }),
  sourcesOfCustomer: (customerId: string) => ({ PK: `C#${customerId}`, prefix: 'SRC#' }),
  /** A source's entry in its customer's list of sources (sparse, on GSI1): the points' definitions read it on every points screen. */
  sourceInList: (customerId: string, sourceId: string) => ({ GSI1PK: `C#${customerId}#SOURCES`, GSI1SK: `SRC#${sourceId}` }),
  sourceList: (customerId: string) => ({ GSI1PK: `C#${customerId}#SOURCES` }),
  /** Guards the uniqueness of a source name within a customer (the name's comparison key). */
  sourceName: (customerId: string, nameKey: string) => ({ PK: `C#${customerId}`, SK: `SRCNAME#${nameKey}` }),
  /**
   * A source's last fetch (`last_fetch`), beside the source: a fetch writes this small item, not the source item,
   * whose entry in the customer's list of sources (GSI1) would be rewritten with it (issue 41).
   */
  sourceFetch: (customerId: string, sourceId: string) => ({ PK: `C#${customerId}`, SK: `SRCFETCH#${sourceId}` }),
  sourceFetchesOfCustomer: (customerId: string) => ({ PK: `C#${customerId}`, prefix: 'SRCFETCH#' }),
  /**
   * The latest value dates a source's fetches brought, one attribute a point (issue 41,
   * docs/architecture/series.md "Last data dates of fetched points"): a fetch writes this one item,
   * its points' items only once a UTC day. In a small partition of the customer's own, which every
   * points answer reads whole: a Query of the customer's partition, where its points are, is read
   * through in the emulator (≈ 1 s at 20,000 points).
   */
  fetchedDates: (customerId: string, sourceId: string) => ({ PK: `C#${customerId}#FETCHDATES`, SK: sourceId }),
  fetchedDatesOfCustomer: (customerId: string) => ({ PK: `C#${customerId}#FETCHDATES` }),
  /** Where versions before 2026-11-29's kept a source's fetched dates, in the customer's partition: the deploy's migrations move them (step 8). */
  legacyFetchedDates: (customerId: string, sourceId: string) => ({ PK: `C#${customerId}`, SK: `FETCHDATES#${sourceId}` }),
  legacyFetchedDatesOfCustomer: (customerId: string) => ({ PK: `C#${customerId}`, prefix: 'FETCHDATES#' }),
  /** A mailbox message an e-mail source has taken (by its Message-ID, or its folder uid). */
  sourceMessage: (customerId: string, sourceId: string, messageKey: string) => ({ PK: `C#${customerId}`, SK: `SRCMSG#${sourceId}#${messageKey}` }),
  /** An alert log entry: by alert, then by due time (15 digits, so that the sort key orders by time). */
  alertLogItem: (customerId: string, alertId: string, tick: number) => ({ PK: `C#${customerId}`, SK: `ALOG#${alertId}#${String(tick).padStart(15, '0')}` }),
  alertLogOfAlert: (customerId: string, alertId: string) => ({ PK: `C#${customerId}`, prefix: `ALOG#${alertId}#` }),
  /** The counts of an alert's log (total_count, total_acquitted), kept exact by atomic updates. */
  alertLogSummary: (customerId: string, alertId: string) => ({ PK: `C#${customerId}`, SK: `ALOGSUM#${alertId}` }),
  alertLogSummariesOfCustomer: (customerId: string) => ({ PK: `C#${customerId}`, prefix: 'ALOGSUM#' }),
  /** A customer's alerts on GSI1 (their id as GSI1SK): read apart from the customer's partition (maplytics' markers of a large customer). */
  alertsIndex: (customerId: string) => ({ GSI1PK: `C#${customerId}#ALERTS` }),
  systemConfig: { PK: 'SYSTEM', SK: 'CONFIG' },
  customizations: { PK: 'SYSTEM', SK: 'CUSTOMIZATION' },
  /** S3 key (documents bucket) of a customization image: a new key per upload, so no browser keeps showing the old one. */
  customizationObject: (kind: string, fileId: string) => `system/customizations/${kind}/${fileId}`,
  /** SMTP settings: a customer's own (under its partition) and the product's. */
  customerSmtp: (customerId: string) => ({ PK: `C#${customerId}`, SK: 'SMTP' }),
  systemSmtp: { PK: 'SYSTEM', SK: 'SMTP' },
  demoSeriesProgress: { PK: 'SYSTEM', SK: 'DEMO_SERIES' },
  /** How far the seeding of a large customer went (its size, its series' end, the point chunks written): a rerun resumes there. */
  largeSeedProgress: (customerId: string) => ({ PK: `C#${customerId}`, SK: 'LARGE_SEED' }),
  /** The root administrator the deployment made (its `rootEmail`), written with that user: made once per deployment. */
  firstRoot: { PK: 'SYSTEM', SK: 'FIRST_ROOT' },
  /** The installed version, the update under way, the last restart and the vendor's last word. */
  application: { PK: 'SYSTEM', SK: 'APPLICATION' },
  /** A one-time change of what the deployment made before (e.g. schedules moved to a new target), done once per value. */
  migration: (name: string) => ({ PK: 'SYSTEM', SK: `MIGRATION#${name}` }),
  /** The licence in force, and one uploaded that waits for the restart that applies it. */
  license: { PK: 'SYSTEM', SK: 'LICENSE' },
  pendingLicense: { PK: 'SYSTEM', SK: 'LICENSE_PENDING' },
  /** The product's default permission map (member, administrator), the one new customers are seeded with. */
  aclDefaults: { PK: 'SYSTEM', SK: 'ACL_DEFAULTS' },
  /** The latest database dump of a customer (under its partition), or of all data (the system's). */
  databaseDump: (customerId: string | null) => (customerId ? { PK: `C#${customerId}`, SK: 'DUMP' } : { PK: 'SYSTEM', SK: 'DUMP' }),
  /** S3 key (documents bucket) of a dump's file: under its customer (it goes with it), or the system's area. */
  databaseDumpObject: (customerId: string | null, jobId: string) => `${customerId ?? 'system'}/dumps/${jobId}.jsonl.gz`,
  /** A finished customer deletion, by its job id alone (the customer is gone; nothing of it is kept). */
  finishedDeletion: (jobId: string) => ({ PK: 'SYSTEM', SK: `DELETION#${jobId}` }),
  /** A customer's notification preferences (reload time, which e-mails its users receive). */
  notificationSettings: (customerId: string) => ({ PK: `C#${customerId}`, SK: 'NOTIFSETTINGS' }),
  /** The weather of a place (a rounded position, `45.75,4.83`), per unit system and language: public knowledge, no customer in it. */
  weather: (place: string, units: string, lang: string) => ({ PK: `WEATHER#${place}`, SK: `${units}#${lang}` }),
} as const;

export const stripKeys = <T extends Record<string, unknown>>(item: T): Omit<T, 'PK' | 'SK' | 'GSI1PK' | 'GSI1SK' | 'kind'> => {
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g1s, kind: _kind, ...rest } = item;
  return rest;
};

import { gunzipSync } from 'node:zlib';
import { LOG_LEVELS, type LogLevel, type LogLine } from '@shared/schemas/application';
import type { ClientMessage } from '@shared/realtime/events';
import { isSuperUser } from '@shared/permissions/roles';
import { getConnection, listLogWatchers, markLogsWanted, setLogsMaxLines, unmarkLogsWanted } from '../data/connection-repository';
import { logger } from '../logger';
import { sendToConnection } from './realtime-service';

type LogsMessage = Extract<ClientMessage, { action: 'logsWanted' | 'maxLogsLinesNumberUpdate' | 'leavingLogPage' }>;

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/**
 * The live logs screen's socket messages (spec 3 §7): `logsWanted` marks the connection (only a
 * super user's or root's, as the token said at $connect), `maxLogsLinesNumberUpdate` changes how
 * many lines a batch may carry, `leavingLogPage` stops. Anything else about the connection stays.
 */
export const handleLogsMessage = async (connectionId: string, message: LogsMessage): Promise<'accepted' | 'refused'> => {
  const connection = await getConnection(connectionId);
  if (!connection) return 'refused';
  if (message.action === 'leavingLogPage') {
    if (connection.logs) await unmarkLogsWanted(connectionId);
    return 'accepted';
  }
  // Only a super user's or root's connection (from the token at $connect) may read the logs.
  if (!connection.role || !isSuperUser({ role: connection.role, isRoot: connection.is_root === true })) {
    logger.warn('live logs refused', { connectionId, user: connection.user_id });
    return 'refused';
  }
  if (message.action === 'logsWanted') await markLogsWanted(connectionId, message.max_lines);
  else await setLogsMaxLines(connectionId, message.max_lines);
  return 'accepted';
};

/** What CloudWatch Logs hands a subscription's Lambda destination, once decoded. */
interface AwsLogsPayload {
  messageType: string;
  logGroup: string;
  logStream: string;
  logEvents: { id: string; timestamp: number; message: string }[];
}

export interface AwsLogsEvent {
  awslogs: { data: string };
}

/** The `awslogs` envelope: base64 of gzip of JSON. */
export const decodeAwsLogs = (event: AwsLogsEvent): AwsLogsPayload =>
  JSON.parse(gunzipSync(Buffer.from(event.awslogs.data, 'base64')).toString('utf8')) as AwsLogsPayload;

/**
 * The function's short name from its log group: `WattWiseApi-UsersEndpointsLogs1A2B3C4D-aBcDeF`
 * (the name CloudFormation gives on AWS) or `/aws/cloudformation/WattWiseApi/UsersEndpointsLogs…`
 * (the emulator's) → `UsersEndpoints`.
 */
export const sourceOfLogGroup = (logGroup: string): string => {
  const last = logGroup.split('/').filter(Boolean).pop() ?? logGroup;
  const named = logGroup.includes('/') && !logGroup.startsWith('/aws/lambda/') ? last : last.includes('-') ? last.slice(last.indexOf('-') + 1).replace(/-[A-Za-z0-9]+$/, '') : last;
  return named.replace(/(Logs|Function)[0-9A-F]{8}$/, '') || last;
};

const PLATFORM_LINE = /^(START|END|REPORT|INIT_START|INIT_REPORT|EXTENSION|TELEMETRY) /;

const isLevel = (value: unknown): value is LogLevel => LOG_LEVELS.includes(value as LogLevel);

/**
 * One log event as a line of the screen: our structured JSON lines (functions/src/logger.ts)
 * give their level, time and message; other text lines are kept as they are; the runtime's
 * START/END/REPORT lines are left out.
 */
export const toLogLine = (source: string, event: { id: string; timestamp: number; message: string }): LogLine | null => {
  const text = event.message.trim();
  if (!text || PLATFORM_LINE.test(text)) return null;
  const start = text.indexOf('{');
  if (start >= 0) {
    try {
      const { level, message, time, correlationId, ...fields } = JSON.parse(text.slice(start)) as Record<string, unknown>;
      if (typeof message === 'string') {
        return {
          ...(typeof correlationId === 'string' && correlationId ? { correlationId } : {}),
          id: event.id,
          time: typeof time === 'string' ? time : new Date(event.timestamp).toISOString(),
          level: isLevel(level) ? level : 'info',
          source,
          message,
          fields: Object.keys(fields).length ? JSON.stringify(fields) : '',
        };
      }
    } catch {
      // Not one of our lines: kept as text below.
    }
  }
  return {
    id: event.id,
    time: new Date(event.timestamp).toISOString(),
    level: /\bERROR\b/.test(text) ? 'error' : /\bWARN\b/.test(text) ? 'warn' : 'info',
    source,
    message: text.slice(0, 4000),
    fields: '',
  };
};

/**
 * A subscription's batch of log events to every connection showing the live logs, each getting
 * at most its number of lines (the newest). Nothing is logged on success: this function's own
 * log group has no subscription, yet a quiet forwarder keeps the logs it feeds readable.
 */
export const forwardLogs = async (event: AwsLogsEvent): Promise<number> => {
  const payload = decodeAwsLogs(event);
  if (payload.messageType !== 'DATA_MESSAGE') return 0;
  const source = sourceOfLogGroup(payload.logGroup);
  const lines = payload.logEvents.map((logEvent) => toLogLine(source, logEvent)).filter((line): line is LogLine => line !== null);
  if (lines.length === 0) return 0;
  const watchers = await listLogWatchers(nowSeconds());
  const sent = await Promise.all(
    watchers.map((watcher) =>
      sendToConnection(watcher.connection_id, { event: 'newLogLine', data: { lines: lines.slice(-(watcher.logs_max_lines ?? lines.length)) } }),
    ),
  );
  return sent.filter(Boolean).length;
};

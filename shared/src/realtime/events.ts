import * as z from 'zod';
import type { LogLine } from '../schemas/application';
import type { ConnectedUser } from '../schemas/system-settings';

/** Messages the browser sends over the WebSocket (spec 1 §7 "Realtime channel"). */
export const clientMessageSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('storeUserId'),
    user_id: z.string().min(1),
    user_role: z.string().optional(),
    navigator_id: z.string().min(1).max(100),
    customer_id: z.string().nullish(),
    /**
     * Sent by a page's first channel: how long ago (ms, the page's own clock) it started reading the
     * data it shows. The server sends it the `newData` of that time, pushed before it could hear them.
     */
    missed_ms: z.number().int().min(0).optional(),
  }),
  z.object({ action: z.literal('leavingLogPage'), user_id: z.string().min(1) }),
  // Live logs (spec 3 §7): only super users and root are heard.
  z.object({ action: z.literal('logsWanted'), max_lines: z.number().int().min(1).max(2000).default(100) }),
  z.object({ action: z.literal('maxLogsLinesNumberUpdate'), max_lines: z.number().int().min(1).max(2000) }),
  // Login analytics asks who is connected (spec 3 names it connectedUsersList, spec 1 answers connectedUsersListReturn).
  z.object({ action: z.literal('connectedUsersList'), user_id: z.string().optional() }),
  z.object({ action: z.literal('connectedUsersListReturn'), user_id: z.string().optional() }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export interface MessageToDisplay {
  title: string;
  message: string;
  type: 'success' | 'error' | 'warning' | 'info';
  event_name?: string;
  event_value?: unknown;
}

/** Events the server pushes; `event` names are the spec's. */
export type ServerEvent =
  | { event: 'alreadyConnected'; data: { countdown_seconds: number } }
  | { event: 'logOutRequestedFromSocket'; data: Record<string, never> }
  | { event: 'messageToDisplay'; data: MessageToDisplay }
  | { event: 'newNotifications'; data: { count: number } }
  | { event: 'newData'; data: { points: string[] } }
  | { event: 'connectedUsersListReturn'; data: { users: ConnectedUser[] } }
  | { event: 'applicationUpdateStart'; data: Record<string, never> }
  | { event: 'applicationRestart'; data: { restarted_at: string } }
  | { event: 'newLogLine'; data: { lines: LogLine[] } }
  | { event: 'jobProgress'; data: JobProgress }
  | { event: 'filesChanged'; data: FilesChanged }
  | { event: 'customersChanged'; data: CustomersChanged };

/** A customer was removed (its deletion job ended): super users' customer lists reload. */
export interface CustomersChanged {
  customer: string;
  state: 'removed';
}

/** A meter file changed state or progressed: the files screen updates its lists. */
export interface FilesChanged {
  file: string;
  state: 'not_treated' | 'in_treatment' | 'treated' | 'treatment_error' | 'deleted';
  progress: { bytes: number; rows: number } | null;
}

/** Progress of long work (calculation, merge, purge, import) shown to whoever started it. */
export interface JobProgress {
  job: string;
  kind: string;
  point: string;
  done: number;
  total: number;
  state: 'running' | 'done' | 'failed';
}

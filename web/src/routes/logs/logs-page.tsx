import { LiveLogs } from '../../features/logs/components/live-logs';
import { useLoginPayload } from '../../lib/session';

/** /settings/system/logs: the live logs of the functions. */
export const LogsPage = () => <LiveLogs userId={useLoginPayload().user._id} />;

import { LicensePanel } from '../../features/license/components/license-panel';
import { useLoginPayload } from '../../lib/session';

/** /settings/system/license: root installs licences, super users see the one in force. */
export const LicensePage = () => <LicensePanel canUpload={useLoginPayload().user.is_root} />;

import { isRootUser, isSuperUser } from '@shared/permissions/roles';
import { AboutPanel } from '../../features/about/components/about-panel';
import { identityOf, useLoginPayload } from '../../lib/session';

/** /about: every role sees the facts; super users and root restart and update; root dumps the database. */
export const AboutPage = () => {
  const identity = identityOf(useLoginPayload());
  return <AboutPanel canOperate={isSuperUser(identity)} canDump={isRootUser(identity)} />;
};

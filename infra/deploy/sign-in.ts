import type { DeploymentSettings } from '../lib/settings';

/** The stacks' outputs, as `cdk deploy --outputs-file` writes them. */
export type Outputs = Record<string, Record<string, string>>;

/** What the operator does next: where the site is and how the root administrator signs in. */
export const signInLines = (outputs: Outputs, settings: DeploymentSettings): string[] => {
  const site = outputs.WattWiseWeb?.AppUrl ?? '(see the WattWiseWeb stack outputs)';
  const root = outputs.WattWiseFirstRoot;
  const lines = [`The site: ${site}`];
  // On the operator's own domain, the DNS record it needs before the site answers there.
  if (outputs.WattWiseWeb?.DnsTarget) lines.push(`Its DNS needs: ${outputs.WattWiseWeb.DnsTarget}`);
  if (!root) return [...lines, 'No root administrator was asked for (rootEmail): sign in with an account made before.'];
  if (root.RootOutcome === 'created' && root.RootMail === 'sent') {
    lines.push(`A set-password link was e-mailed to ${root.RootEmail} (valid 72 hours, once). Open it, choose a password, then sign in at ${site} with that address.`);
  } else if (root.RootOutcome === 'created') {
    lines.push(
      `The root administrator ${root.RootEmail} is made, but SES has not taken its e-mail yet (a domain identity not verified, or an account still in the SES sandbox).`,
      '  Verify the domain (its DKIM records) and, in the sandbox, the address too: the outbox sweep sends the e-mail within five minutes of SES accepting it.',
      `  After 72 hours the link expires: "Forgot password" on ${site}/login sends a new one.`,
    );
  } else if (root.RootEmail !== settings.rootEmail) {
    lines.push(
      `rootEmail is ${settings.rootEmail}, but this deployment's root administrator is ${root.RootEmail}: nothing was made (a deploy makes one root, once).`,
      `  Sign in as ${root.RootEmail}; more root administrators are added in the app (Settings → super users).`,
    );
  } else {
    lines.push(`The root administrator ${root.RootEmail} exists already: sign in at ${site} ("Forgot password" sends a new link).`);
  }
  return lines;
};


import { describe, expect, it } from 'vitest';
import { parseArguments } from '../../infra/deploy/arguments';
import { concurrencyLines, decideConcurrency, MINIMUM_UNRESERVED } from '../../infra/deploy/concurrency';
import { DEFAULT_CONCURRENCY_CAPS, reservedTotal } from '../../infra/lib/concurrency-caps';
import { signInLines } from '../../infra/deploy/sign-in';
import type { DeploymentSettings } from '../../infra/lib/settings';

const settings = { rootEmail: 'ops@example.com' } as DeploymentSettings;
const site = 'https://d1234.cloudfront.net';

describe('the deploy command', () => {
  it('takes --dry-run, --no-build and settings as -c name=value (the value may hold = and spaces)', () => {
    expect(parseArguments(['--dry-run', '-c', 'rootEmail=ops@example.com', '--context=mailFrom=WattWise <no-reply@example.com>', '--no-build'])).toEqual({
      dryRun: true,
      build: false,
      context: { rootEmail: 'ops@example.com', mailFrom: 'WattWise <no-reply@example.com>' },
    });
    expect(() => parseArguments(['-c', 'rootEmail'])).toThrow(/name=value/);
    expect(() => parseArguments(['--yes'])).toThrow(/Unknown argument --yes/);
  });

  it("reserves the settings' background caps only where the account keeps its 100 unreserved, and says so either way", () => {
    const caps = DEFAULT_CONCURRENCY_CAPS;
    const total = reservedTotal(caps);
    expect(decideConcurrency({ quota: 1000, unreserved: 1000 }, caps)).toEqual({ total, room: 1000 - MINIMUM_UNRESERVED, reserve: true });
    // A new account's quota of 10: nothing can be reserved.
    expect(decideConcurrency({ quota: 10, unreserved: 10 }, caps).reserve).toBe(false);
    expect(decideConcurrency({ quota: 100 + total, unreserved: 100 + total }, caps).reserve).toBe(true);
    expect(decideConcurrency({ quota: 10, unreserved: 10 }, {}).reserve).toBe(true);
    expect(concurrencyLines({ quota: 10, unreserved: 10 }, caps).join('\n')).toContain('they are left out (reservedConcurrency=off)');
    expect(concurrencyLines({ quota: 1000, unreserved: 1000 }, caps).join('\n')).toContain(`Reserving ${total} for the background functions`);
  });

  it("prints the site and how root signs in: the e-mailed link, a link SES has not taken yet, or the root that was there", () => {
    const made = signInLines({ WattWiseWeb: { AppUrl: site }, WattWiseFirstRoot: { RootEmail: 'ops@example.com', RootOutcome: 'created', RootMail: 'sent' } }, settings);
    expect(made).toEqual([`The site: ${site}`, expect.stringContaining('A set-password link was e-mailed to ops@example.com')]);
    const pending = signInLines({ WattWiseWeb: { AppUrl: site }, WattWiseFirstRoot: { RootEmail: 'ops@example.com', RootOutcome: 'created', RootMail: 'pending' } }, settings);
    expect(pending.join('\n')).toMatch(/SES has not taken its e-mail yet[\s\S]*outbox sweep/);
    const other = signInLines({ WattWiseWeb: { AppUrl: site }, WattWiseFirstRoot: { RootEmail: 'first@example.com', RootOutcome: 'exists', RootMail: 'none' } }, settings);
    expect(other.join('\n')).toContain("rootEmail is ops@example.com, but this deployment's root administrator is first@example.com: nothing was made");
  });
});

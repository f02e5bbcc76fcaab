import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FTP_INTERVAL,
  FTP_FORM_DEFAULTS,
  FTP_INTERVALS,
  ftpAddress,
  ftpRetrieverInputSchema,
  missingFtpFields,
  portForProtocol,
} from '@shared/schemas/ftp-retriever';
import { describeRemoteFailure } from '../../functions/src/services/remote-file-server';
import { decide, isMeterFileName, SETTLE_MS, type RemoteEntry } from '../../functions/src/services/remote-file-selection';

const complete = { host: 'ftp.example.com', port: 21, user: 'meter', password: 's3cret', path: '/out' };

describe('FTP retriever form', () => {
  it('asks for host, port, user, password and path ("All fields are mandatory")', () => {
    expect(missingFtpFields(complete, { hasStoredPassword: false })).toEqual([]);
    expect(missingFtpFields({}, { hasStoredPassword: false })).toEqual(['host', 'port', 'user', 'password', 'path']);
    expect(missingFtpFields({ ...complete, host: '   ', path: '' }, { hasStoredPassword: false })).toEqual(['host', 'path']);
    expect(missingFtpFields({ ...complete, port: null }, { hasStoredPassword: false })).toEqual(['port']);
  });

  it('keeps the stored password when an edit leaves it empty', () => {
    expect(missingFtpFields({ ...complete, password: '' }, { hasStoredPassword: true })).toEqual([]);
    expect(missingFtpFields({ ...complete, password: '' }, { hasStoredPassword: false })).toEqual(['password']);
  });

  it('starts with port 21, path /, active, every 15 minutes, plain FTP', () => {
    expect(FTP_FORM_DEFAULTS).toMatchObject({ port: 21, path: '/', active: true, timeInterval: 15, isSftp: false });
  });

  it('proposes port 22 when SFTP is ticked, 21 when unticked, and keeps a port the user typed', () => {
    expect(portForProtocol(true, 21)).toBe(22);
    expect(portForProtocol(false, 22)).toBe(21);
    expect(portForProtocol(true, null)).toBe(22);
    expect(portForProtocol(true, 2222)).toBe(2222);
    expect(portForProtocol(false, 2121)).toBe(2121);
  });

  it('names the retriever as users write server addresses', () => {
    expect(ftpAddress({ isSftp: true, host: 'files.example.com', port: 22, path: '/meters' })).toBe('sftp://files.example.com:22/meters');
    expect(ftpAddress({ isSftp: false, host: '10.0.0.5', port: 21, path: 'in' })).toBe('ftp://10.0.0.5:21/in');
  });
});

describe('retrieval intervals', () => {
  it('are the spec\'s choices in minutes, 15 by default', () => {
    expect([...FTP_INTERVALS]).toEqual([1, 2, 3, 4, 5, 10, 15, 30]);
    expect(DEFAULT_FTP_INTERVAL).toBe(15);
  });

  it('refuse any other value and default to 15 when none is given', () => {
    expect(ftpRetrieverInputSchema.safeParse({ ...complete, timeInterval: 7 }).success).toBe(false);
    expect(ftpRetrieverInputSchema.safeParse({ ...complete, timeInterval: 60 }).success).toBe(false);
    expect(ftpRetrieverInputSchema.parse({ ...complete, timeInterval: 30 }).timeInterval).toBe(30);
    expect(ftpRetrieverInputSchema.parse(complete)).toMatchObject({ timeInterval: 15, active: true, isSftp: false });
  });

  it('refuse a port out of range or a host with a scheme', () => {
    expect(ftpRetrieverInputSchema.safeParse({ ...complete, port: 0 }).success).toBe(false);
    expect(ftpRetrieverInputSchema.safeParse({ ...complete, port: 70_000 }).success).toBe(false);
    expect(ftpRetrieverInputSchema.safeParse({ ...complete, host: 'ftp://example.com' }).success).toBe(false);
  });
});

describe('files still being written', () => {
  const start = new Date('2025-03-01T10:00:00Z');
  const later = (ms: number) => new Date(start.getTime() + ms);
  const file = (size: number, modified = '2025-03-01T09:59:00.000Z'): RemoteEntry => ({ name: 'index.csv', size, modified });
  const seen = (size: number, at: Date, modified = '2025-03-01T09:59:00.000Z') => ({ observed: `${size}|${modified}`, observed_at: at.toISOString(), retrieved: null });

  it('are not taken at their first sighting', () => {
    expect(decide(file(100), undefined, start)).toBe('wait');
  });

  it('are taken once a listing at least the settle delay earlier showed the same size and date', () => {
    expect(decide(file(100), seen(100, start), later(SETTLE_MS))).toBe('take');
    expect(decide(file(100), seen(100, start), later(15 * 60_000))).toBe('take');
  });

  it('wait while the earlier look is too recent, or the size or date moved since', () => {
    expect(decide(file(100), seen(100, start), later(SETTLE_MS - 1))).toBe('wait');
    expect(decide(file(180), seen(100, start), later(60_000))).toBe('wait');
    expect(decide(file(100, '2025-03-01T10:00:30.000Z'), seen(100, start), later(60_000))).toBe('wait');
  });

  it('are passed over once the version seen was taken, and taken again when a new version settles', () => {
    const taken = { ...seen(100, start), retrieved: '100|2025-03-01T09:59:00.000Z' };
    expect(decide(file(100), taken, later(60_000))).toBe('retrieved');
    expect(decide(file(250, '2025-03-02T09:00:00.000Z'), taken, later(60_000))).toBe('wait');
    const rewritten = { ...seen(250, later(60_000), '2025-03-02T09:00:00.000Z'), retrieved: taken.retrieved };
    expect(decide(file(250, '2025-03-02T09:00:00.000Z'), rewritten, later(60_000 + SETTLE_MS))).toBe('take');
  });
});

describe('files a retriever takes', () => {
  it('are data files by their extension, in any case', () => {
    for (const name of ['releve.csv', 'RELEVE.CSV', 'export 2025-03.txt', 'compteurs.xlsx']) expect(isMeterFileName(name), name).toBe(true);
    for (const name of ['releve.csv.part', 'notes.pdf', 'archive.zip', '.csv', '.hidden.csv', 'csv']) expect(isMeterFileName(name), name).toBe(false);
  });
});

describe('retrieval failures', () => {
  const failure = (code: string | number | undefined, message: string) => describeRemoteFailure(Object.assign(new Error(message), { code }));

  it('say what the user can act on', () => {
    expect(failure('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:21 (control socket)')).toEqual({ kind: 'connection_refused', message: 'connection refused' });
    expect(failure(530, '530 Login incorrect')).toEqual({ kind: 'login_incorrect', message: 'login incorrect' });
    expect(failure(undefined, 'getConnection: All configured authentication methods failed')).toEqual({ kind: 'login_incorrect', message: 'login incorrect' });
    expect(failure('ENOTFOUND', 'getaddrinfo ENOTFOUND ftp.nowhere.invalid')).toEqual({ kind: 'host_not_found', message: 'host not found' });
    expect(failure(undefined, 'Timeout (control socket)')).toEqual({ kind: 'timeout', message: 'connection timed out' });
    expect(failure(550, '550 No such directory')).toMatchObject({ kind: 'path_not_found' });
    expect(failure(2, 'list: No such file /missing')).toEqual({ kind: 'path_not_found', message: 'No such file /missing' });
    expect(failure(undefined, 'something odd')).toEqual({ kind: 'other', message: 'something odd' });
  });
});

import { SMTPServer } from 'smtp-server';
import { listenServer, LOOPBACK_HOST } from './loopback-port';

/**
 * A real SMTP server on a loopback port (smtp-server), as a customer's own mail server would be:
 * plain connection (no STARTTLS), one user and password, every accepted message kept.
 * `refuseLogins` makes it turn down every login, as a server with a changed password does.
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole message as received (headers and body). */
  raw: string;
  subject: string;
}

export interface SmtpTestServer {
  host: string;
  port: number;
  user: string;
  password: string;
  received: () => ReceivedMail[];
  /** Logins refused so far. */
  refusedLogins: () => number;
  close: () => Promise<void>;
}

export interface SmtpServerOptions {
  user: string;
  password: string;
  refuseLogins?: boolean;
}

const HOST = LOOPBACK_HOST;

/** The Subject header, unfolded; encoded words (non-ASCII subjects) are decoded. */
const subjectOf = (raw: string): string => {
  const headers = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = headers.split(/\r?\n/).find((header) => /^subject:/i.test(header)) ?? '';
  return line
    .replace(/^subject:\s*/i, '')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))), 'latin1').toString('utf8'),
    );
};

export const startSmtpServer = async ({ user, password, refuseLogins = false }: SmtpServerOptions): Promise<SmtpTestServer> => {
  const received: ReceivedMail[] = [];
  let refused = 0;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (!refuseLogins && auth.username === user && auth.password === password) return callback(null, { user: auth.username });
      refused += 1;
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
          subject: subjectOf(raw),
        });
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  const port = await listenServer(server.server);
  return {
    host: HOST,
    port,
    user,
    password,
    received: () => [...received],
    refusedLogins: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

import { createHash } from 'node:crypto';
import { ImapFlow } from 'imapflow';
import { dataAttachmentsOf, mailServerOf } from '@shared/sources/source-rules';
import { checkDestination, DestinationNotAllowedError, type CheckedDestination } from '../clients/outbound-destination';
import { isMessageTaken, noteMessageTaken, type StoredSource } from '../data/source-repository';
import { AppError } from '../errors';
import { logger } from '../logger';
import { receiveFile } from './file-intake';
import { openSecret } from './secret-box';

/** A mailbox's own failure: a stable code, and what the server said (spec 3 §8: errors append the server detail). */
export class MailboxError extends Error {
  constructor(
    readonly code: 'mailbox_login_failed' | 'mailbox_unreachable' | 'mailbox_folder_missing' | 'mailbox_failed',
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${code}: ${detail}`, options);
    this.name = 'MailboxError';
  }
}

/** Messages read per fetch: a large backlog is taken over several fetches. */
const MESSAGES_PER_FETCH = 100;
const TIMEOUT_MS = 20_000;

/** What an IMAP server or the network said, in its own words. */
const serverDetail = (error: unknown): string => {
  const failure = error as { responseText?: string; code?: string; message?: string };
  return (failure.responseText || [failure.code, failure.message].filter(Boolean).join(' ') || String(error)).slice(0, 300);
};

/** A message is known by its Message-ID (a copy in another folder is the same message), else by the folder's uid. */
const messageKeyOf = (messageId: string | undefined, uidValidity: bigint | number | undefined, uid: number): string =>
  messageId ? createHash('sha256').update(messageId.trim()).digest('hex').slice(0, 40) : `uid-${String(uidValidity ?? 0)}-${uid}`;

/**
 * The e-mail source's fetch: reads the unread messages of its folder over IMAP (TLS by
 * default), hands each meter-file attachment (CSV, TXT, XLSX) to the file intake, which imports
 * it like a file from FTP, then marks the message as read. A message is taken once: its key is
 * noted after its files are received, and a message already noted is only marked as read. A
 * fetch stopped between receiving and noting takes the message again next time; the same file
 * imported twice writes nothing.
 */
export const fetchMailbox = async (source: StoredSource): Promise<{ written: number; unchanged: number; files: number }> => {
  const { host: typedHost, email, tls, folder } = source.config;
  if (!typedHost || !email || !source.password_sealed) throw new AppError('source_incomplete');
  const { host, port } = mailServerOf(typedHost, tls);
  // The mailbox is reached at the address the outbound-destination policy judged; TLS names the host.
  let destination: CheckedDestination;
  try {
    destination = await checkDestination(host, port);
  } catch (error) {
    if (error instanceof DestinationNotAllowedError) throw error;
    throw new MailboxError('mailbox_unreachable', serverDetail(error), { cause: error });
  }
  const client = new ImapFlow({
    host: destination.address,
    ...(destination.servername ? { servername: destination.servername } : {}),
    port,
    secure: tls && port !== 143,
    auth: { user: email, pass: await openSecret(source.customer, source.password_sealed) },
    logger: false,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: 5 * 60_000,
  });
  client.on('error', (error) => logger.warn('mailbox connection error', { sourceId: source._id, detail: serverDetail(error) }));
  try {
    await client.connect();
  } catch (error) {
    const refused = (error as { authenticationFailed?: boolean }).authenticationFailed;
    throw new MailboxError(refused ? 'mailbox_login_failed' : 'mailbox_unreachable', serverDetail(error), { cause: error });
  }
  let files = 0;
  try {
    let lock: Awaited<ReturnType<ImapFlow['getMailboxLock']>>;
    try {
      lock = await client.getMailboxLock(folder);
    } catch (error) {
      throw new MailboxError('mailbox_folder_missing', serverDetail(error), { cause: error });
    }
    try {
      const unread = ((await client.search({ seen: false }, { uid: true })) || []).sort((a, b) => a - b).slice(0, MESSAGES_PER_FETCH);
      const uidValidity = client.mailbox ? client.mailbox.uidValidity : undefined;
      for (const uid of unread) {
        const message = await client.fetchOne(String(uid), { uid: true, envelope: true, bodyStructure: true }, { uid: true });
        if (!message) continue;
        const key = messageKeyOf(message.envelope?.messageId, uidValidity, uid);
        if (!(await isMessageTaken(source.customer, source._id, key))) {
          const names: string[] = [];
          for (const attachment of dataAttachmentsOf(message.bodyStructure)) {
            const download = await client.download(String(uid), attachment.part, { uid: true, decodeText: false });
            if (!download.content) continue;
            await receiveFile({
              customerId: source.customer,
              name: attachment.fileName,
              origin: { kind: 'email', id: source._id, label: `${email} (${folder})` },
              body: download.content,
              importNow: true,
            });
            names.push(attachment.fileName);
          }
          files += names.length;
          await noteMessageTaken(source.customer, source._id, key, { subject: message.envelope?.subject ?? null, files: names, at: new Date().toISOString() });
        }
        await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
      }
    } catch (error) {
      if (error instanceof MailboxError) throw error;
      // Our own failures (storing a file) stay ours; the server's are told in its words.
      if ((error as { responseText?: string }).responseText !== undefined) throw new MailboxError('mailbox_failed', serverDetail(error), { cause: error });
      throw error;
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  return { written: 0, unchanged: 0, files };
};

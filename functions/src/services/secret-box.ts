import { DecryptCommand, EncryptCommand } from '@aws-sdk/client-kms';
import { requireSetting } from '../config';
import { kms } from '../clients/kms';

/**
 * Passwords and keys of customers' outside servers (FTP, SFTP, IMAP, provider API keys) are
 * stored encrypted with the app's KMS key, bound to their customer (encryption context): a
 * ciphertext copied to another customer's item does not decrypt. They are never sent back to the browser.
 */
export const sealSecret = async (customerId: string, plain: string): Promise<string> => {
  const answer = await kms.send(
    new EncryptCommand({
      KeyId: requireSetting('SECRETS_KEY_ID'),
      Plaintext: new TextEncoder().encode(plain),
      EncryptionContext: { customer: customerId },
    }),
  );
  return Buffer.from(answer.CiphertextBlob ?? new Uint8Array()).toString('base64');
};

/**
 * How long a warm instance keeps a secret it opened: longer than the 15 minutes between a source's
 * fetches, so a source or an FTP retriever polled by the same instance does not pay a KMS call each
 * time (issue 41). A ciphertext names one plaintext for good, so the copy is never stale; a changed
 * password is a new ciphertext. What it gives up: a key disabled in KMS still opens, for up to this
 * long, the secrets this instance opened before.
 */
export const OPENED_SECRET_TTL_MS = 30 * 60_000;
/** At most this many secrets are kept by an instance, the oldest dropped first. */
const OPENED_SECRETS_KEPT = 200;
const opened = new Map<string, { plain: string; openedAt: number }>();

export const openSecret = async (customerId: string, sealed: string, now: number = Date.now()): Promise<string> => {
  // The customer is part of the key: the same ciphertext under another customer is not opened from the cache (KMS refuses it).
  const key = `${customerId}\u0000${sealed}`;
  const known = opened.get(key);
  if (known && now - known.openedAt < OPENED_SECRET_TTL_MS) return known.plain;
  const answer = await kms.send(
    new DecryptCommand({
      CiphertextBlob: Buffer.from(sealed, 'base64'),
      EncryptionContext: { customer: customerId },
      KeyId: requireSetting('SECRETS_KEY_ID'),
    }),
  );
  const plain = new TextDecoder().decode(answer.Plaintext);
  opened.delete(key);
  opened.set(key, { plain, openedAt: now });
  if (opened.size > OPENED_SECRETS_KEPT) opened.delete(opened.keys().next().value!);
  return plain;
};

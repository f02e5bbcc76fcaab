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

export const openSecret = async (customerId: string, sealed: string): Promise<string> => {
  const answer = await kms.send(
    new DecryptCommand({
      CiphertextBlob: Buffer.from(sealed, 'base64'),
      EncryptionContext: { customer: customerId },
      KeyId: requireSetting('SECRETS_KEY_ID'),
    }),
  );
  return new TextDecoder().decode(answer.Plaintext);
};

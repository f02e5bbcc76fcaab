import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The functions' settings are read when their module loads.
vi.hoisted(() => {
  process.env.SECRETS_KEY_ID = 'alias/secrets';
  process.env.AWS_REGION ??= 'eu-west-3';
});
import { kms } from '../../functions/src/clients/kms';
import { OPENED_SECRET_TTL_MS, openSecret } from '../../functions/src/services/secret-box';

/** The Decrypt calls the KMS client was asked for, answered here without KMS: the plaintext is the ciphertext read backwards. */
const decrypts: { customer: string; sealed: string }[] = [];

beforeAll(() => {
  kms.middlewareStack.add(
    () => async (args) => {
      const input = args.input as { CiphertextBlob: Uint8Array; EncryptionContext: { customer: string } };
      const sealed = Buffer.from(input.CiphertextBlob).toString('base64');
      decrypts.push({ customer: input.EncryptionContext.customer, sealed });
      const plain = Buffer.from(input.CiphertextBlob).toString('utf8').split('').reverse().join('');
      return { output: { Plaintext: new TextEncoder().encode(plain), $metadata: {} }, response: {} } as never;
    },
    { step: 'initialize', name: 'answerKmsHere', priority: 'high' },
  );
});

afterAll(() => {
  kms.middlewareStack.remove('answerKmsHere');
});

const seal = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('secrets of outside servers, opened (issue 41: a KMS call per fetch)', () => {
  it('are opened by KMS once per customer and ciphertext while the copy is fresh, then again', async () => {
    const start = 1_000_000;
    expect(await openSecret('cus-a', seal('terces'), start)).toBe('secret');
    expect(await openSecret('cus-a', seal('terces'), start + OPENED_SECRET_TTL_MS - 1)).toBe('secret');
    expect(decrypts).toHaveLength(1);
    // The same ciphertext under another customer goes to KMS, with that customer as its context (which KMS would refuse).
    await openSecret('cus-b', seal('terces'), start + 1);
    expect(decrypts.at(-1)).toEqual({ customer: 'cus-b', sealed: seal('terces') });
    // A changed password is a new ciphertext; an old copy is opened again once its time is over.
    expect(await openSecret('cus-a', seal('wen'), start + 2)).toBe('new');
    await openSecret('cus-a', seal('terces'), start + OPENED_SECRET_TTL_MS);
    expect(decrypts).toHaveLength(4);
  });
});

import { testEnvironment } from './environment';
import { eventually } from './eventually';

export interface SentMail {
  To: string[];
  Subject: string;
  BodyText: string;
}

/** Every e-mail the emulator's SES has taken, oldest first. */
export const sentMails = async (): Promise<SentMail[]> => {
  const answer = await fetch(`${testEnvironment().endpoint}/_ministack/ses/messages`);
  const { messages } = (await answer.json()) as { messages: Record<string, SentMail[]> };
  return Object.values(messages).flat();
};

export const mailsTo = async (address: string): Promise<SentMail[]> => (await sentMails()).filter((mail) => mail.To.includes(address));

/** The token of the set-password link in an e-mail, if it has one. */
export const passwordLinkTokenOf = (mail: SentMail): string | null => /\/set-password\/([\w-]+)/.exec(mail.BodyText)?.[1] ?? null;

/** Waits for the `count`-th e-mail to an address to arrive, and returns the e-mails to it. */
export const awaitMailsTo = (address: string, count = 1): Promise<SentMail[]> =>
  eventually(() => mailsTo(address), (mails) => mails.length >= count, 15_000);

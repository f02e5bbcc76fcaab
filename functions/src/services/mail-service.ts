import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { PublishCommand } from '@aws-sdk/client-sns';
import MailComposer from 'nodemailer/lib/mail-composer';
import { requireSetting } from '../config';
import { ses } from '../clients/ses';
import { sns } from '../clients/sns';
import { reportSmtpFailure, smtpCarrierFor } from './smtp-service';
import { metric } from '../logger';

/** One e-mail of the product, written for its reader (subject and bodies already in their language). */
export interface MailMessage {
  /** The customer the e-mail is sent for (its own SMTP settings, when it has some, will carry it). */
  customerId: string | null;
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  text: string;
  html?: string;
  /** Files sent with it (an export's spreadsheet, a report's PDF). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface MailReceipt {
  messageId: string;
}

const withoutDuplicates = (addresses: string[] | undefined): string[] => [...new Set((addresses ?? []).map((address) => address.trim()).filter(Boolean))];

/**
 * The one way the product sends e-mail (alerts, reminders, exports, reports, account links).
 * A customer with its own enabled SMTP settings has all its e-mail leave through them; otherwise
 * the product's SMTP settings when enabled; otherwise SES v2 from `MAIL_FROM`. A refusal of the
 * SMTP server in force is the caller's error (`smtp_send_failed`), never a silent fall back to
 * SES: the customer chose its server, and e-mail leaving through another would surprise it.
 */
export const sendMail = async (message: MailMessage): Promise<MailReceipt> => {
  const receipt = await deliverMail(message);
  // The operations dashboard's "e-mails sent" (embedded metric format: a log line, no API call).
  metric('EmailsSent', 1);
  return receipt;
};

const deliverMail = async (message: MailMessage): Promise<MailReceipt> => {
  const to = withoutDuplicates(message.to);
  if (to.length === 0) throw new Error('An e-mail needs at least one recipient');
  const carrier = await smtpCarrierFor(message.customerId);
  if (carrier) {
    try {
      const info = await carrier.transport.sendMail({
        from: carrier.from,
        to,
        cc: withoutDuplicates(message.cc),
        bcc: withoutDuplicates(message.bcc),
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        attachments: attachmentsOf(message),
      });
      return { messageId: info.messageId };
    } catch (error) {
      return reportSmtpFailure(carrier, message.customerId, error);
    }
  }
  if (message.attachments?.length) return sendRawThroughSes({ ...message, to });
  const result = await ses.send(
    new SendEmailCommand({
      FromEmailAddress: requireSetting('MAIL_FROM'),
      Destination: { ToAddresses: to, CcAddresses: withoutDuplicates(message.cc), BccAddresses: withoutDuplicates(message.bcc) },
      Content: {
        Simple: {
          Subject: { Data: message.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: message.text, Charset: 'UTF-8' },
            ...(message.html ? { Html: { Data: message.html, Charset: 'UTF-8' } } : {}),
          },
        },
      },
    }),
  );
  return { messageId: result.MessageId ?? '' };
};

const attachmentsOf = (message: MailMessage) =>
  (message.attachments ?? []).map(({ fileName, contentType, content }) => ({ filename: fileName, contentType, content }));

/** An e-mail with files leaves SES as a raw MIME message, composed by nodemailer. */
const sendRawThroughSes = async (message: MailMessage): Promise<MailReceipt> => {
  const cc = withoutDuplicates(message.cc);
  const bcc = withoutDuplicates(message.bcc);
  const mime = await new MailComposer({
    from: requireSetting('MAIL_FROM'),
    to: message.to,
    cc,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    attachments: attachmentsOf(message),
  })
    .compile()
    .build();
  const result = await ses.send(
    new SendEmailCommand({
      FromEmailAddress: requireSetting('MAIL_FROM'),
      Destination: { ToAddresses: message.to, CcAddresses: cc, BccAddresses: bcc },
      Content: { Raw: { Data: mime } },
    }),
  );
  return { messageId: result.MessageId ?? '' };
};

/** SMS are short: one segment of plain text (longer texts are cut with an ellipsis). */
export const SMS_MAX_LENGTH = 160;

/** Sends one SMS through SNS to an E.164 number (`+33612345678`). */
export const sendSms = async (phoneNumber: string, text: string): Promise<MailReceipt> => {
  const message = text.length > SMS_MAX_LENGTH ? `${text.slice(0, SMS_MAX_LENGTH - 1)}…` : text;
  const result = await sns.send(
    new PublishCommand({
      PhoneNumber: phoneNumber,
      Message: message,
      MessageAttributes: { 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } },
    }),
  );
  return { messageId: result.MessageId ?? '' };
};

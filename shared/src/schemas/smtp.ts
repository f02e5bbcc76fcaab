import * as z from 'zod';

/**
 * SMTP settings (spec 3 §2 "SMTP settings", §7 "SMTP"): the product's own server (system) and a
 * customer's own one. When a customer's settings are enabled, every e-mail sent for that customer
 * leaves through them; otherwise through the system's, when enabled; otherwise through SES.
 */
export const SMTP_SECURITIES = ['none', 'starttls', 'tls'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITIES)[number];
export const DEFAULT_SMTP_PORT = 587;

const noControlCharacters = (text: string) => !/[\u0000-\u001f\u007f]/.test(text);

/** What the forms start with when nothing is stored yet. */
export const SMTP_FORM_DEFAULTS = {
  host: '',
  port: DEFAULT_SMTP_PORT,
  security: 'starttls' as SmtpSecurity,
  user: '',
  password: '',
  from_address: '',
  from_name: '',
  enabled: true,
};

/** The settings as typed in a form. An empty password keeps the stored one (on save and on tests). */
export const smtpSettingsInputSchema = z.object({
  host: z
    .string()
    .trim()
    .min(1)
    .max(253)
    .regex(/^[^\s/@]+$/, 'host_invalid'),
  port: z.number().int().min(1).max(65_535).default(DEFAULT_SMTP_PORT),
  security: z.enum(SMTP_SECURITIES).default('starttls'),
  user: z.string().trim().max(320).refine(noControlCharacters).default(''),
  password: z.string().max(500).refine(noControlCharacters).default(''),
  from_address: z.string().trim().toLowerCase().email().max(320),
  from_name: z.string().trim().max(120).refine(noControlCharacters).default(''),
  enabled: z.boolean().default(true),
});
export type SmtpSettingsInput = z.input<typeof smtpSettingsInputSchema>;
export type SmtpSettingsValues = z.output<typeof smtpSettingsInputSchema>;

/** Whose stored password a test with an empty password uses: the current customer's or the system's. */
export const SMTP_SCOPES = ['customer', 'system'] as const;
export type SmtpScope = (typeof SMTP_SCOPES)[number];

/** `POST /api/v1/email`, `POST /api/v1/system/email`, `POST /api/v1/email/test/smtp`: the payload `smtp`. */
export const smtpSaveRequestSchema = z.object({ smtp: smtpSettingsInputSchema });
export const smtpConnectionTestRequestSchema = z.object({ smtp: smtpSettingsInputSchema, scope: z.enum(SMTP_SCOPES).default('customer') });
/** `POST /api/v1/email/test`: the payload `smtp` and `to`. */
export const smtpTestMailRequestSchema = smtpConnectionTestRequestSchema.extend({ to: z.string().trim().toLowerCase().email().max(320) });

/** Stored settings as the browser sees them: never the password, only whether one is stored. */
export const smtpSettingsSchema = smtpSettingsInputSchema.omit({ password: true }).extend({
  has_password: z.boolean(),
  updated_at: z.string(),
});
export type SmtpSettings = z.infer<typeof smtpSettingsSchema>;

export const smtpTestAnswerSchema = z.object({ ok: z.literal(true) });
export const smtpTestMailAnswerSchema = z.object({ sent: z.literal(true), to: z.string() });

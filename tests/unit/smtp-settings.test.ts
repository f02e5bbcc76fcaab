import { describe, expect, it } from 'vitest';
import { smtpSaveRequestSchema, smtpSettingsSchema, smtpTestMailRequestSchema } from '@shared/schemas/smtp';
import { fromHeader, transportOptions } from '../../functions/src/services/smtp-service';

const connection = { host: 'smtp.example.com', port: 587, user: 'alerts', password: 'pw' };

describe('SMTP settings', () => {
  it('default to port 587 with STARTTLS, enabled, and an empty password (which keeps the stored one)', () => {
    const parsed = smtpSaveRequestSchema.parse({ smtp: { host: 'smtp.example.com', from_address: 'Alertes@Example.com' } });
    expect(parsed.smtp).toEqual({ host: 'smtp.example.com', port: 587, security: 'starttls', user: '', password: '', from_address: 'alertes@example.com', from_name: '', enabled: true });
  });

  it('refuse a host with spaces or a path, a port out of range, a sender that is not an address, and a test without a recipient', () => {
    const base = { host: 'smtp.example.com', from_address: 'a@example.com' };
    expect(smtpSaveRequestSchema.safeParse({ smtp: { ...base, host: 'smtp example.com' } }).success).toBe(false);
    expect(smtpSaveRequestSchema.safeParse({ smtp: { ...base, host: 'smtp.example.com/x' } }).success).toBe(false);
    expect(smtpSaveRequestSchema.safeParse({ smtp: { ...base, port: 70_000 } }).success).toBe(false);
    expect(smtpSaveRequestSchema.safeParse({ smtp: { ...base, from_address: 'nobody' } }).success).toBe(false);
    expect(smtpTestMailRequestSchema.safeParse({ smtp: base }).success).toBe(false);
    expect(smtpTestMailRequestSchema.parse({ smtp: base, to: 'x@example.com' }).scope).toBe('customer');
  });

  it('answer the browser no password field, only whether one is stored', () => {
    const shown = smtpSettingsSchema.parse({ ...connection, security: 'tls', from_address: 'a@example.com', has_password: true, updated_at: '2026-11-23T00:00:00Z' });
    expect(shown).not.toHaveProperty('password');
    expect(shown.has_password).toBe(true);
  });

  it('connect with TLS from the first byte, with a required STARTTLS upgrade, or plainly, as chosen', () => {
    expect(transportOptions({ ...connection, port: 465, security: 'tls' })).toMatchObject({ secure: true, requireTLS: false, ignoreTLS: false, auth: { user: 'alerts', pass: 'pw' } });
    expect(transportOptions({ ...connection, security: 'starttls' })).toMatchObject({ secure: false, requireTLS: true, ignoreTLS: false });
    expect(transportOptions({ ...connection, port: 25, security: 'none' })).toMatchObject({ secure: false, requireTLS: false, ignoreTLS: true });
  });

  it('log in only when a user is given, and name the sender when a name is given', () => {
    expect(transportOptions({ ...connection, user: '', password: '', security: 'none' })).not.toHaveProperty('auth');
    expect(fromHeader({ from_address: 'a@example.com', from_name: 'Énergie Plus' })).toEqual({ name: 'Énergie Plus', address: 'a@example.com' });
    expect(fromHeader({ from_address: 'a@example.com', from_name: '' })).toBe('a@example.com');
  });
});

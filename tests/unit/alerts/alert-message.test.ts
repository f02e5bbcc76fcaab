import { describe, expect, it } from 'vitest';
import type { AlertLogItem } from '@shared/schemas/alert';
import { alertMessage } from '../../../functions/src/services/alert-message';

const item: AlertLogItem = {
  _id: 'alr-1-t1767222000000',
  alert: 'alr-1',
  alert_name: 'Chaufferie',
  event: 'fired',
  at: '2025-12-31T23:00:00.000Z',
  local_time: '2026-01-01T00:00:00+01:00',
  timezone: 'Europe/Paris',
  bucket_from: '2025-12-31T23:00:00+01:00',
  bucket_to: '2026-01-01T00:00:00+01:00',
  sampling: 'hour',
  group: 2,
  points: [
    { point: 'pt-1', name: 'Chaudière', unit: 'kW', group: 2, conditions: [{ calculation: 'avg', operation: 'gt', threshold: 40, value: 41.25, held: true }] },
    { point: 'pt-2', name: 'Pompe', unit: 'kW', group: null, conditions: [{ calculation: 'avg', operation: 'lt', threshold: 0, value: 3, held: false }] },
  ],
  missing_points: [],
  count: 1,
  notified: false,
  acquitted: false,
  acquitted_by: null,
  acquitted_by_name: null,
  acquitted_at: null,
  acquit_comment: null,
  comments: [],
};

describe('what a fired alert says', () => {
  it('in French: the alert, the OR group, each firing point with its value and threshold, the local time, a link to the log', () => {
    const message = alertMessage(item, 3, 'fr', 'https://app.example/alerts/log?alert=alr-1');
    expect(message.subject).toBe('[WattWise] Alerte « Chaufferie » déclenchée');
    expect(message.text).toContain("L'alerte « Chaufferie » s'est déclenchée le 01/01/2026 00:00 (Europe/Paris).");
    expect(message.text).toContain('Le groupe de conditions 2 sur 3');
    expect(message.text).toContain('- Chaudière (kW) : avg = 41,25 > 40');
    expect(message.text).not.toContain('Pompe');
    expect(message.text).toContain('https://app.example/alerts/log?alert=alr-1');
    expect(message.html).toContain('<a href="https://app.example/alerts/log?alert=alr-1">');
  });

  it('in English, and as a short SMS', () => {
    const message = alertMessage(item, 3, 'en', '/alerts/log?alert=alr-1');
    expect(message.subject).toBe('[WattWise] Alert "Chaufferie" fired');
    expect(message.text).toContain('fired on 01/01/2026 00:00 (Europe/Paris)');
    expect(message.text).toContain('avg = 41.25 > 40');
    expect(message.sms).toMatch(/^WattWise: alert "Chaufferie" fired 01\/01 00:00: Chaudière/);
  });

  it('escapes what users typed in the HTML body', () => {
    const message = alertMessage({ ...item, alert_name: '<b>x</b>' }, 1, 'en', '/l');
    expect(message.html).not.toContain('<b>x</b>');
  });
});

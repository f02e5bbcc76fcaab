import { describe, expect, it } from 'vitest';
import { sourceInputSchema, sourceSchema } from '@shared/schemas/source';
import {
  dataAttachmentsOf,
  deviceWindow,
  fetchWindow,
  FIRST_FETCH_DAYS,
  guessResource,
  isDataAttachment,
  mailServerOf,
  missingSourceFields,
  sourceNameKey,
  technicalIdOf,
} from '@shared/sources/source-rules';

const parse = (input: Record<string, unknown>) => sourceInputSchema.parse({ name: 'Source', ...input });

describe('source validation', () => {
  it('fills the spec defaults: fetch every 15 minutes, active, TLS on, the inbox, technical ids prefixed', () => {
    const source = parse({ type: 'email' });
    expect(source.active).toBe(true);
    expect(source.data_type).toBe('Number');
    expect(source.config.custom).toMatchObject({ fetch_interval: 15, tls: true, folder: 'INBOX', prepend_unique_id: true, auto_discover_devices: false });
  });

  it('takes only the fetch intervals of the spec', () => {
    for (const minutes of [1, 2, 3, 4, 5, 10, 15, 30]) expect(parse({ type: 'weather', config: { custom: { fetch_interval: minutes } } }).config.custom.fetch_interval).toBe(minutes);
    for (const minutes of [0, 6, 20, 60]) expect(sourceInputSchema.safeParse({ name: 'S', type: 'weather', config: { custom: { fetch_interval: minutes } } }).success).toBe(false);
  });

  it('refuses an endpoint that is not an http(s) address', () => {
    expect(sourceInputSchema.safeParse({ name: 'S', type: 'objenious', config: { custom: { endpoint: 'ftp://api.example.com' } } }).success).toBe(false);
    expect(parse({ type: 'objenious', config: { custom: { endpoint: 'https://api.objenious.com' } } }).config.custom.endpoint).toBe('https://api.objenious.com');
  });

  it('names the fields each type still needs', () => {
    expect(missingSourceFields(parse({ type: 'objenious' }), null)).toEqual(['endpoint', 'api_key']);
    expect(missingSourceFields(parse({ type: 'eveler', config: { custom: { endpoint: 'https://e.example', api_key: 'k' } } }), null)).toEqual([]);
    expect(missingSourceFields(parse({ type: 'weather', config: { custom: { city: 'Grenoble' } } }), null)).toEqual(['city_id', 'lat', 'lon']);
    expect(missingSourceFields(parse({ type: 'weather', config: { custom: { city: 'Grenoble, FR', city_id: 3014728, lat: 45.1667, lon: 5.7167 } } }), null)).toEqual([]);
    expect(missingSourceFields(parse({ type: 'email', config: { custom: { host: 'imap.example.com', email: 'meters@example.com' } } }), null)).toEqual(['password']);
    expect(missingSourceFields(parse({ type: 'custom' }), null)).toEqual([]);
  });

  it('counts a stored secret as given when an edit leaves it empty', () => {
    const edited = parse({ type: 'email', config: { custom: { host: 'imap.example.com', email: 'meters@example.com' } } });
    expect(missingSourceFields(edited, { has_api_key: false, has_password: true })).toEqual([]);
  });

  it('never answers a secret, only whether one is stored', () => {
    const config = sourceSchema.shape.config.shape.custom;
    expect(config.safeParse({ ...parse({ type: 'email' }).config.custom, api_key: 'k', has_api_key: true, password: null, has_password: true, hierarchy: { groups: [], discovered_at: null }, uuid: 'u' }).success).toBe(false);
  });
});

describe('source name guard', () => {
  it('treats names differing only by case or spacing as the same name', () => {
    expect(sourceNameKey('  Compteurs  Objenious ')).toBe(sourceNameKey('compteurs objenious'));
    expect(sourceNameKey('ÉNERGIE')).toBe(sourceNameKey('énergie'));
  });

  it('keeps different names apart', () => {
    expect(sourceNameKey('Météo Grenoble')).not.toBe(sourceNameKey('Météo Lyon'));
  });
});

describe('technical ids of provider points', () => {
  const device = { unique_id: '70B3D59BA0000F41' };

  it('prefixes the point key with the device unique id when asked', () => {
    expect(technicalIdOf(device, 'temperature', true)).toBe('70B3D59BA0000F41_temperature');
  });

  it('keeps the bare key otherwise', () => {
    expect(technicalIdOf(device, 'temperature', false)).toBe('temperature');
  });
});

describe('incremental fetch window', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');

  it('asks from the last stored value, that value included, up to now', () => {
    expect(fetchWindow('2026-03-10T11:20:00.000Z', now)).toEqual({ since: Date.parse('2026-03-10T11:20:00Z'), until: now });
  });

  it(`starts ${FIRST_FETCH_DAYS} days back for a point without value`, () => {
    expect(fetchWindow(null, now)).toEqual({ since: now - FIRST_FETCH_DAYS * 86_400_000, until: now });
  });

  it('never asks for the future when a stored value is ahead of the clock', () => {
    expect(fetchWindow('2026-03-11T00:00:00Z', now).since).toBe(now);
  });

  it('covers a device with one window from the earliest of its points', () => {
    expect(deviceWindow([{ since: 30, until: 100 }, { since: 10, until: 100 }])).toEqual({ since: 10, until: 100 });
    expect(deviceWindow([])).toBeNull();
  });
});

describe('e-mail sources', () => {
  it('reads the IMAP port from the host, else 993 with TLS and 143 without', () => {
    expect(mailServerOf('imap.example.com', true)).toEqual({ host: 'imap.example.com', port: 993 });
    expect(mailServerOf('imap.example.com', false)).toEqual({ host: 'imap.example.com', port: 143 });
    expect(mailServerOf('127.0.0.1:11143', false)).toEqual({ host: '127.0.0.1', port: 11143 });
  });

  it('takes meter files only among attachments', () => {
    expect(['releve.csv', 'RELEVE.TXT', 'mars.xlsx'].map(isDataAttachment)).toEqual([true, true, true]);
    expect(['photo.jpg', 'notes.pdf', null, 'archive.csv.zip'].map(isDataAttachment)).toEqual([false, false, false, false]);
  });
});

describe('discovered points', () => {
  it('guess their resource from their name and unit', () => {
    expect(guessResource('temperature', '')).toBe('temperature');
    expect(guessResource('Index', 'kWh')).toBe('electricity');
    expect(guessResource('volume', 'm³')).toBe('water');
    expect(guessResource('co2', 'ppm')).toBe('air');
  });
});

describe('attachments of a message', () => {
  it('are the meter files wherever they sit, by their disposition name or their type name', () => {
    const structure = {
      childNodes: [
        { part: '1', parameters: { charset: 'utf-8' } },
        { part: '2', dispositionParameters: { filename: 'releve-mars.csv' } },
        { part: '3', dispositionParameters: { filename: 'photo.jpg' } },
        { childNodes: [{ part: '4.1', parameters: { name: 'index.xlsx' } }, { part: '4.2', parameters: { name: 'notes.pdf' } }] },
      ],
    };
    expect(dataAttachmentsOf(structure)).toEqual([
      { part: '2', fileName: 'releve-mars.csv' },
      { part: '4.1', fileName: 'index.xlsx' },
    ]);
  });

  it('of a single-part message is its first part', () => {
    expect(dataAttachmentsOf({ dispositionParameters: { filename: 'releve.txt' } })).toEqual([{ part: '1', fileName: 'releve.txt' }]);
    expect(dataAttachmentsOf(undefined)).toEqual([]);
  });
});

/**
 * Server-made ids say what they name: `<prefix>-<uuid>`. One parameter may then name either of
 * two kinds (a widget's page is a tab or a location) and the server tells which from the id.
 */
export const ID_PREFIXES = {
  point: 'pt',
  location: 'loc',
  user: 'usr',
  customer: 'cust',
  job: 'job',
  tab: 'tab',
  widget: 'wgt',
  image: 'img',
  alert: 'alr',
  reminder: 'rem',
  notification: 'ntf',
  export: 'exp',
  report: 'rep',
  subscription: 'sub',
  file: 'file',
  ftp: 'ftp',
  source: 'src',
  registration: 'reg',
} as const;
export type IdKind = keyof typeof ID_PREFIXES;

export const isIdOf = (kind: IdKind, id: string | null | undefined): id is string =>
  typeof id === 'string' && id.startsWith(`${ID_PREFIXES[kind]}-`);

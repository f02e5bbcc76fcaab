/** Names of the data status codes (spec 1 §3.4); the interface translates them. */
export const STATUS_LABELS = {
  '1': 'GROSS',
  '2': 'MODIFIED_AUTOMATICALLY_DOWN_N_UP',
  '3': 'MODIFIED_AUTOMATICALLY_UP_N_DOWN',
  '4': 'MODIFIED_AUTOMATICALLY_STEP_UP',
  '5': 'MODIFIED_AUTOMATICALLY_STEP_DOWN',
  '6': 'MODIFIED_AUTOMATICALLY_HOLE',
  '7': 'MODIFIED_MANUALLY',
  '8': 'CREATED_MANUALLY',
  H: 'HIDDEN_DATA',
} as const;

export type StatusLabel = (typeof STATUS_LABELS)[keyof typeof STATUS_LABELS] | 'MODIFIED_DATA';

/** The name of a status code; any code the spec does not name is 'Modified data'. */
export const statusLabelOf = (code: string): StatusLabel =>
  Object.hasOwn(STATUS_LABELS, code) ? STATUS_LABELS[code as keyof typeof STATUS_LABELS] : 'MODIFIED_DATA';

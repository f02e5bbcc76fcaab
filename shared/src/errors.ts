/**
 * Stable error codes: the API answers `{ res: false, msg: <code> }` and the web translates the
 * code (locales `errors.<code>`). The HTTP status that goes with each code lives here too so the
 * one error mapper and the tests agree.
 */
export const ERROR_STATUS = {
  validation_failed: 400,
  invalid_formula: 400,
  operating_range_invalid: 400,
  apply_range_invalid: 400,
  point_child_of_point: 400,
  location_cycle: 400,
  image_too_large: 400,
  image_type_invalid: 400,
  regexp_required: 400,
  regexp_invalid: 400,
  file_too_large: 400,
  file_in_treatment: 409,
  baseline_incomplete: 400,
  ftp_fields_mandatory: 400,
  baseline_duplicate: 409,
  technical_id_exists: 409,
  bad_credentials: 401,
  unauthorized: 401,
  session_expired: 401,
  application_locked: 403,
  customer_deactivated: 403,
  forbidden: 403,
  not_allowed: 403,
  premium_required: 403,
  not_found: 404,
  alert_not_found: 404,
  no_data_found: 404,
  customer_not_found: 404,
  conflict: 409,
  too_many_attempts: 429,
  // Data sources (spec 3 §8).
  source_name_exists: 409,
  source_used: 409,
  source_incomplete: 400,
  source_not_discoverable: 400,
  source_provider_refused: 502,
  source_provider_unreachable: 502,
  // Reminders (spec 2 §5, §8).
  reminder_fields_required: 400,
  reminder_date_too_early: 400,
  reminder_not_awaiting_reset: 409,
  reminder_inactive: 409,
  // Profile (spec 3 §5): the password change.
  current_password_required: 400,
  current_password_wrong: 400,
  password_length: 400,
  password_confirmation_mismatch: 400,
  internal_error: 500,
  /** The weather provider did not answer (or refused our key) and nothing is cached for the place. */
  weather_unavailable: 502,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && value in ERROR_STATUS;

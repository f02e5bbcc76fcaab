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
  /** Someone other than the alert's owner tried to change the days or months its cron time runs on (spec 2 §2). */
  alert_days_owner_only: 403,
  // Reports (spec 2 §8): each says which of the three does not exist.
  report_not_found: 404,
  report_page_not_found: 404,
  report_widget_not_found: 404,
  /** The report's PDF could not be printed (its print page failed twice). */
  report_render_failed: 502,
  // Report subscriptions (spec 2 §5).
  subscription_not_found: 404,
  subscription_fields_required: 400,
  no_data_found: 404,
  customer_not_found: 404,
  conflict: 409,
  too_many_attempts: 429,
  /** Too many forgot-password or register requests from one address within the window. */
  too_many_requests: 429,
  /** The customer (or the super user) sent more signed-in requests than its window allows: `data.retry_after` and the Retry-After header say when to try again. */
  rate_limited: 429,
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
  // Exports (spec 2 §3).
  export_recipients_required: 400,
  /** The customer turned report and export e-mails off in its notification settings. */
  export_emails_off: 409,
  // Users, super users, password links and registrations (spec 3 §5, §8).
  email_taken: 409,
  locations_required: 400,
  role_not_allowed: 403,
  cannot_delete_self: 409,
  password_link_invalid: 410,
  /** An address a customer typed (SMTP, FTP/SFTP, IMAP, provider endpoint) that the outbound-destination policy refuses. */
  destination_not_allowed: 400,
  // SMTP (spec 3 §8): the outside server refused or did not answer; the e-mail was not sent.
  smtp_unreachable: 502,
  smtp_send_failed: 502,
  // Customers and the licence (spec 3 §8).
  customer_deletion_in_progress: 409,
  customer_in_use: 409,
  /** A restore of a customer that is not deleted. */
  customer_not_deleted: 409,
  /** A restore of a deleted customer whose restore window is over (its purge is due or under way). */
  customer_restore_window_over: 409,
  license_invalid: 400,
  license_not_pending: 404,
  license_customers_limit: 403,
  license_premium_limit: 403,
  // System settings: an administrator may not take the roles & permissions screen away from their own role.
  acl_lockout: 400,
  // A whole-form setting (permission map, notification settings) saved by someone else since it was read.
  settings_changed: 409,
  user_not_connected: 404,
  // Profile (spec 3 §5): the password change.
  current_password_required: 400,
  current_password_wrong: 400,
  password_length: 400,
  password_confirmation_mismatch: 400,
  internal_error: 500,
  /** An answer past what AWS Lambda lets a function return (6 MB): refused as AWS would, but named. */
  answer_too_large: 502,
  /**
   * The unpaged call of a paged list (no `limit`, no `cursor`) could not answer the whole list: too
   * large to send (past 6 MB, or past the JSON a client without gzip may get) or too long to read
   * before the function's time is up. The client pages it with `limit` and `cursor`.
   */
  list_too_large: 413,
  /** The weather provider did not answer (or refused our key) and nothing is cached for the place. */
  weather_unavailable: 502,
  /** The address search's geocoding provider did not answer. */
  geocoding_unavailable: 502,
  // About screen (spec 1 §2.4): the vendor's update service, an update already running.
  vendor_unreachable: 502,
  update_in_progress: 409,
  // The vendor's is_allowed answer relayed by a browser (the spy call): unsigned, not signed by the
  // vendor, for another machine, too old, already applied (or older than the one applied), or not what was signed.
  vendor_signature_missing: 400,
  vendor_signature_invalid: 403,
  vendor_answer_foreign: 403,
  vendor_answer_stale: 403,
  vendor_answer_replayed: 403,
  vendor_answer_altered: 403,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && value in ERROR_STATUS;

import {
  DEFAULT_API_VERSION,
  DEFAULT_ENDPOINT,
  FAMILY_OF_TYPE,
  isProviderType,
  sourceConfigInputSchema,
  sourceInputSchema,
  type ParsedSourceInput,
  type Source,
  type SourceInput,
  type SourceType,
} from '@shared/schemas/source';
import { missingSourceFields } from '@shared/sources/source-rules';

/** The form of a source: what the API takes, secrets as typed (empty keeps the stored one). */
export type SourceForm = Omit<ParsedSourceInput, 'config'> & {
  config: { custom: Omit<ParsedSourceInput['config']['custom'], 'api_key' | 'password'> & { api_key: string; password: string } };
};

/** A new source of a type: the schema's defaults, and the real provider's address for provider types. */
export const newSourceForm = (type: SourceType): SourceForm => {
  const config = sourceConfigInputSchema.parse({});
  return {
    name: '',
    type,
    family: FAMILY_OF_TYPE[type],
    active: true,
    order: undefined,
    data_type: 'Number',
    definitions: [],
    resource: type === 'weather' ? 'temperature' : null,
    config: {
      custom: {
        ...config,
        ...(isProviderType(type) ? { endpoint: DEFAULT_ENDPOINT[type] ?? null, api_version: DEFAULT_API_VERSION[type] } : {}),
        api_key: '',
        password: '',
      },
    },
  };
};

/** An existing source in its form; its secrets are never known here, only whether one is stored. */
export const sourceFormOf = (source: Source): SourceForm => {
  const { api_key: _apiKey, has_api_key: _hasKey, password: _password, has_password: _hasPassword, hierarchy: _hierarchy, uuid: _uuid, ...config } = source.config.custom;
  return {
    name: source.name,
    type: source.type,
    family: source.family,
    active: source.active,
    order: source.order,
    data_type: source.data_type,
    definitions: source.definitions,
    resource: source.resource,
    config: { custom: { ...config, api_key: '', password: '' } },
  };
};

/** What is sent: an empty secret is left out, so the stored one stays. */
export const inputOf = (form: SourceForm): SourceInput => {
  const { api_key: apiKey, password, ...config } = form.config.custom;
  return {
    ...form,
    config: { custom: { ...config, ...(apiKey.trim() ? { api_key: apiKey.trim() } : {}), ...(password ? { password } : {}) } },
  };
};

export type FormErrors = Partial<Record<string, string>>;

/**
 * The form's problems as translation keys by field: the name, then what the type needs (the
 * server applies the same rule), then whatever the schema refuses.
 */
export const formErrorsOf = (form: SourceForm, stored: Source | null): FormErrors => {
  const errors: FormErrors = {};
  if (!form.name.trim()) errors.name = 'errors.fields.required';
  const input = inputOf(form);
  const parsed = sourceInputSchema.safeParse({ ...input, name: input.name || '-' });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path.at(-1) ?? 'name');
      errors[field] ??= 'errors.fields.invalid';
    }
    return errors;
  }
  const stats = stored ? { has_api_key: stored.config.custom.has_api_key, has_password: stored.config.custom.has_password } : null;
  for (const field of missingSourceFields(parsed.data, stats)) errors[field] = 'errors.fields.required';
  return errors;
};

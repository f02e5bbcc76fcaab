import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/** Takes what Mantine form's `getInputProps(field)` gives, or its own `value` and `onChange`. */
export interface SecretInputProps extends Omit<PasswordInputProps, 'value' | 'onChange' | 'description' | 'placeholder'> {
  value?: string;
  onChange: (value: string) => void;
  /**
   * The server keeps a secret for this field (`has_password`, `has_api_key`): it is never sent
   * back, so the field stays empty, says so, and an empty field keeps what is stored.
   */
  stored: boolean;
  /** What the field says while a secret is stored ("Leave empty to keep the stored password"). */
  storedHint: string;
  /** What the field says while nothing is stored yet. */
  hint?: string;
  testId: string;
}

/** A password or key of an outside server: typed, never echoed back by the server. */
export const SecretInput = ({ value, onChange, stored, storedHint, hint, testId, ...props }: SecretInputProps) => (
  <PasswordInput
    autoComplete="new-password"
    {...props}
    description={stored ? storedHint : hint}
    placeholder={stored ? '••••••••' : undefined}
    value={value ?? ''}
    onChange={(event) => onChange(event.currentTarget.value)}
    data-testid={testId}
  />
);

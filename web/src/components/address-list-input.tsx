import { useState } from 'react';
import { TagsInput } from '@mantine/core';

const splitEntries = (text: string): string[] =>
  text
    .split(';')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** Takes what Mantine form's `getInputProps(field)` gives, or its own `value` and `onChange`. */
export interface AddressListInputProps {
  label: string;
  description?: string;
  placeholder?: string;
  value?: string[];
  onChange: (value: string[]) => void;
  error?: React.ReactNode;
  disabled?: boolean;
  testId: string;
}

/**
 * Addresses or numbers typed separated by semicolons (spec 1 §5, spec 2 §2, §5): each complete entry becomes
 * a chip as soon as its semicolon is typed or pasted, the rest on Enter or when leaving the field;
 * the input is cleared after adding.
 */
export const AddressListInput = ({ label, description, placeholder, value = [], onChange, error, disabled, testId }: AddressListInputProps) => {
  const [search, setSearch] = useState('');
  const add = (entries: string[]) => {
    const next = [...value];
    for (const entry of entries) if (!next.includes(entry)) next.push(entry);
    if (next.length !== value.length) onChange(next);
  };
  return (
    <TagsInput
      label={label}
      description={description}
      placeholder={placeholder}
      value={value}
      onChange={(next) => onChange([...new Set(next.flatMap(splitEntries))])}
      searchValue={search}
      onSearchChange={(text) => {
        if (!text.includes(';')) return setSearch(text);
        const parts = text.split(';');
        const rest = parts.pop() ?? '';
        add(splitEntries(parts.join(';')));
        setSearch(rest.trimStart());
      }}
      onBlur={() => {
        if (!search.trim()) return;
        add(splitEntries(search));
        setSearch('');
      }}
      splitChars={[';']}
      acceptValueOnBlur={false}
      clearable
      disabled={disabled}
      error={error}
      data-testid={testId}
    />
  );
};

import { useState } from 'react';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { translate } from '../../../lib/i18n';

const PromptBody = ({ label, required, onValidate, close }: { label: string; required: boolean; onValidate: (text: string) => void; close: () => void }) => {
  const [text, setText] = useState('');
  return (
    <Stack gap="sm">
      <Textarea label={label} value={text} onChange={(event) => setText(event.currentTarget.value)} autosize minRows={3} maxRows={8} maxLength={2000} data-autofocus data-testid="alert-prompt-text" />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={close} data-testid="alert-prompt-cancel">
          {translate('buttons.cancel')}
        </Button>
        <Button
          disabled={required && !text.trim()}
          onClick={() => {
            close();
            onValidate(text.trim());
          }}
          data-testid="alert-prompt-validate"
        >
          {translate('buttons.alerts.validate')}
        </Button>
      </Group>
    </Stack>
  );
};

/** A prompt for a text with Validate and Cancel (spec 2 §2): an optional comment, or a required message. */
export const promptText = ({ title, label, required, onValidate }: { title: string; label: string; required: boolean; onValidate: (text: string) => void }) => {
  const id = modals.open({
    title,
    children: <PromptBody label={label} required={required} onValidate={onValidate} close={() => modals.close(id)} />,
  });
};

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconMicrophone, IconMicrophoneOff } from '@tabler/icons-react';
import { notify } from '../../../lib/notify';
import { createRecognition, isVoiceSupported, type Recognition } from '../hooks/speech-recognition';
import { matchVoiceCommand } from '../voice-commands';

const SPEECH_LOCALE: Record<string, string> = { fr: 'fr-FR', en: 'en-GB' };

/** The header's voice-command control: listens once, then opens the page named. */
export const VoiceCommandButton = ({ onNavigate }: { onNavigate: (path: string) => void }) => {
  const { t, i18n } = useTranslation();
  const [listening, setListening] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  useEffect(() => () => recognition.current?.stop(), []);

  const listen = () => {
    if (!isVoiceSupported()) {
      notify({ kind: 'info', title: t('profile.voice.title'), message: t('profile.preferences.voiceUnsupported') });
      return;
    }
    if (listening) return recognition.current?.stop();
    const recognizer = createRecognition();
    if (!recognizer) return;
    recognizer.lang = SPEECH_LOCALE[i18n.resolvedLanguage ?? 'fr'] ?? 'fr-FR';
    recognizer.interimResults = false;
    recognizer.maxAlternatives = 3;
    recognizer.onresult = (event) => {
      const alternatives = Array.from(event.results[0] ?? []).map((alternative) => alternative.transcript);
      const path = alternatives.map((heard) => matchVoiceCommand(heard)).find((found) => found !== null);
      if (path) onNavigate(path);
      else notify({ kind: 'warning', title: t('profile.voice.title'), message: t('profile.voice.notUnderstood', { heard: alternatives[0] ?? '' }) });
    };
    recognizer.onerror = () => notify({ kind: 'warning', title: t('profile.voice.title'), message: t('profile.voice.failed') });
    recognizer.onend = () => setListening(false);
    recognition.current = recognizer;
    setListening(true);
    recognizer.start();
  };

  const label = t(listening ? 'profile.voice.listening' : 'profile.voice.start');
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant={listening ? 'filled' : 'subtle'} color={listening ? 'red' : 'gray'} size="lg" onClick={listen} aria-label={label} data-testid="voice-command">
        {isVoiceSupported() ? <IconMicrophone size={20} stroke={1.6} /> : <IconMicrophoneOff size={20} stroke={1.6} />}
      </ActionIcon>
    </Tooltip>
  );
};

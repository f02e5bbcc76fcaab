import { useMutation } from '@tanstack/react-query';
import type { SavedEntry } from '../../../lib/saved-data';
import { apiPost } from '../../../lib/http';

export const sendSavedData = (data: SavedEntry[]): Promise<unknown> => apiPost('/v1/data', { data });

export const sendSavedDataMutationOptions = () => ({
  mutationKey: ['saved-data', 'send'] as const,
  mutationFn: sendSavedData,
});

export const useSendSavedData = () => useMutation(sendSavedDataMutationOptions());

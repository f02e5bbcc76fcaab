import { useMutation } from '@tanstack/react-query';
import type { SavedEntry } from '../../../lib/saved-data';
import { API } from '@shared/api/routes';
import type { DataEntry } from '@shared/schemas/series';
import { callApi } from '../../../lib/http';

export const sendSavedData = (data: SavedEntry[]): Promise<unknown> => 
  // Entries kept in the browser are sent as they were saved; the server checks every one.
  callApi(API.ingestData, { body: { data: data as DataEntry[] } });

export const sendSavedDataMutationOptions = () => ({
  mutationKey: ['saved-data', 'send'] as const,
  mutationFn: sendSavedData,
});

export const useSendSavedData = () => useMutation(sendSavedDataMutationOptions());

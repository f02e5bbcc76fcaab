import { queryOptions } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import { callApi, callApiForAnswer } from '../../../lib/http';

export const FILES_KEYS = { lists: ['files', 'lists'] as const };

/** The three lists (and the latest treated files); the realtime `filesChanged` event invalidates them. */
export const fileListsQueryOptions = () => queryOptions({ queryKey: FILES_KEYS.lists, queryFn: () => callApi(API.listFiles, {}), staleTime: 30_000 });

const base64Of = async (file: File): Promise<string> => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += 0x8000) binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return btoa(binary);
};

export const uploadMeterFile = async (file: File) => callApiForAnswer(API.uploadFile, { body: { name: file.name, data: await base64Of(file) } });
export const importNotTreatedFiles = (files?: string[]) => callApiForAnswer(API.importNotTreatedFiles, { body: { files } });
export const startBatch = (regexp: string) => callApiForAnswer(API.startFilesBatch, { params: { regexp } });
export const filesMatching = (regexp: string) => callApi(API.filesMatching, { params: { regexp } });
export const reImportFile = (file: string) => callApiForAnswer(API.reImportFile, { body: { file } });
export const deleteMeterFiles = (files: string[]) =>
  files.length === 1 ? callApi(API.deleteFile, { body: { file: files[0] } }) : callApi(API.deleteFiles, { body: { files } });
export const previewMeterFile = (file: string) => callApi(API.previewFile, { body: { file } });
export const rejectsOfFile = (id: string) => callApi(API.fileRejects, { params: { id } });

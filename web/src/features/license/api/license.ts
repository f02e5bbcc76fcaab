import { queryOptions } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import { callApi } from '../../../lib/http';

export const LICENSE_KEYS = { status: ['license'] as const };

export const licenseQueryOptions = () => queryOptions({ queryKey: LICENSE_KEYS.status, queryFn: () => callApi(API.getLicense, {}) });

export const uploadLicense = (license: string) => callApi(API.uploadLicense, { body: { license } });

/** The restart that applies an uploaded licence (its limits and the lock it implies). */
export const applyNewLicense = () => callApi(API.applyNewLicense, {});

import { testEnvironment } from './environment';

/** What the local vendor service answers (infra/local/fake-vendor-service.ts), as a test sets it. */
export interface VendorAnswers {
  latest?: string;
  is_locked?: boolean;
  is_allowed_to_update?: boolean;
}

export const vendorServiceUrl = (): string => {
  const url = testEnvironment().vendorService?.url;
  if (!url) throw new Error('No local vendor service in the test environment');
  return url;
};

export const setVendorAnswers = async (answers: VendorAnswers): Promise<VendorAnswers> => {
  const response = await fetch(new URL('_control', vendorServiceUrl()), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(answers),
  });
  if (!response.ok) throw new Error(`vendor control answered ${response.status}`);
  return (await response.json()) as VendorAnswers;
};

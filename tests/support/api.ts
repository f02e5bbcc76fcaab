import type { LoginPayload } from '@shared/schemas/session';
import { testEnvironment, type TestEnvironment } from './environment';

export interface ApiAnswer<T = unknown> {
  status: number;
  body: { res: boolean; data?: T; msg?: string; message?: string };
}

/** Calls the deployed REST API in the emulator, as the browser would (through its base path). */
export const api = async <T = unknown>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> => {
  const answer = await fetch(`${testEnvironment().restBaseUrl}${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await answer.text();
  return { status: answer.status, body: text ? JSON.parse(text) : {} };
};

export type AccountName = keyof TestEnvironment['accounts'];

export const login = async (
  account: AccountName,
  options: { remember?: boolean; lastCustomer?: string } = {},
): Promise<LoginPayload> => {
  const { email, password } = testEnvironment().accounts[account];
  const answer = await api<LoginPayload>('POST', '/api/v1/users/authenticate', {
    body: { user: { email, password, remember: options.remember ?? false }, last_customer: options.lastCustomer },
  });
  if (answer.status !== 200 || !answer.body.data) throw new Error(`Login of ${account} failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
};

/**
 * What an integrator writes against the types generated from the OpenAPI document: sign in, list
 * the points, query a series. The OpenAPI test generates `./api.ts` beside a copy of this file and
 * type-checks it; the project's own type check leaves this folder out.
 */
import type { paths } from './api';

type Operation<Path extends keyof paths, Method extends keyof paths[Path]> = paths[Path][Method];
type BodyOf<Op> = Op extends { requestBody: { content: { 'application/json': infer Body } } } ? Body : undefined;
type AnswerOf<Op> = Op extends { responses: { 200: { content: { 'application/json': infer Answer } } } } ? Answer : never;

let base = '';

async function call<Path extends keyof paths, Method extends keyof paths[Path] & ('get' | 'post' | 'put' | 'delete')>(
  method: Method,
  path: Path,
  body: BodyOf<Operation<Path, Method>>,
  token?: string,
): Promise<AnswerOf<Operation<Path, Method>>> {
  const response = await fetch(base + String(path), {
    method: method.toUpperCase(),
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as AnswerOf<Operation<Path, Method>>;
}

export async function main(url: string, email: string, password: string): Promise<(number | null)[]> {
  base = url;
  const login = await call('post', '/api/v1/users/authenticate', { user: { email, password } });
  const token: string = login.data.user.jwt;
  // @ts-expect-error the answer is typed: a field the document does not name is refused
  console.log(login.data.user.no_such_field);

  const points = await call('get', '/api/v1/points', undefined, token);
  const first: string = points.data[0]._id;
  const unit: string = points.data[0].unit;

  // @ts-expect-error the body is typed: `points` must name points
  await call('post', '/api/v1/series/query', { points: 'all' }, token);
  const answer = await call('post', '/api/v1/series/query', { points: [{ point: first }], sampling: 'day', period: 'month' }, token);
  console.log(unit, answer.data.calendars.length);
  return answer.data.series[0].values;
}

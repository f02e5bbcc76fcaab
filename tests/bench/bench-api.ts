/** The deployed REST API as the benches call it: a method, a path, a bearer token or none, a JSON body. */
export const benchApi =
  (restBaseUrl: string) =>
  async (method: string, apiPath: string, token: string | null, body?: unknown) => {
    const answer = await fetch(`${restBaseUrl}${apiPath}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await answer.json()) as { res: boolean; data: any; msg?: string };
  };

/** A bench's `--name value` option from its command line, or the fallback. */
export const argument = (name: string, fallback: string): string => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};

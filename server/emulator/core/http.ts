/** Small helpers to build the API's responses. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json;charset=UTF-8", ...headers },
  });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

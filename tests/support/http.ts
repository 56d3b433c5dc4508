/** One fetch whose reply body is parsed as JSON when it is JSON, else kept as text. */
export async function fetchReply(
  href: string,
  init: RequestInit,
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(href, init);
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

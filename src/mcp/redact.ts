// Apart from http.ts so that naming a URL does not load the HTTP client.

/** A URL with its credentials and query values hidden, fit to show or to write in a report. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.username) u.username = "***";
    if (u.password) u.password = "***";
    for (const key of [...u.searchParams.keys()]) u.searchParams.set(key, "***");
    return u.href;
  } catch {
    return "<invalid URL>";
  }
}

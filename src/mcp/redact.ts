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

// What an argument, variable or header is called when its value is a secret.
const SECRET_NAME = /key|token|secret|passw(?:or)?d|pwd|auth|credential/i;

/** Whether a name (`--api-key`, `GITHUB_TOKEN`, `Authorization`) says its value is a secret. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/**
 * A launch command with the values of its secret-named arguments hidden: `--api-key=sk_…`,
 * `--access-token sbp_…` and `API_KEY=…` become `--api-key=***`, `--access-token ***`, `API_KEY=***`.
 */
export function redactCommand(command: string): string {
  return command.replace(
    /(^|\s)(-{1,2}[\w.-]+|[A-Za-z_][\w.-]*(?==))(=|\s+)(?!-)("[^"]*"|'[^']*'|\S+)/g,
    (all, lead: string, name: string, sep: string, value: string) =>
      isSecretName(name) && (sep === "=" || name.startsWith("-")) && value !== ""
        ? `${lead}${name}${sep}***`
        : all,
  );
}

/** The values of a launch command's secret-named arguments (`--x=v`, `--x v`, `X=v`). */
export function argvSecrets(argv: readonly string[]): string[] {
  const out: string[] = [];
  argv.forEach((a, i) => {
    const eq = /^(-{0,2}[\w.-]+)=(.+)$/s.exec(a);
    if (eq && isSecretName(eq[1]!)) out.push(eq[2]!);
    else if (/^-{1,2}[\w.-]+$/.test(a) && isSecretName(a) && argv[i + 1] && !argv[i + 1]!.startsWith("-"))
      out.push(argv[i + 1]!);
  });
  return out;
}

// Every secret toolscore was given in this run; every output is scrubbed of them.
const secrets = new Set<string>();

/**
 * Remembers a secret so that {@link scrubSecrets} hides it, with the encodings it may come back
 * in (URL-encoded, Base64, inside a JSON string). Values under four characters are ignored: they
 * cannot be told from ordinary text.
 */
export function rememberSecret(value: string | undefined): void {
  if (value === undefined || value.length < 4) return;
  for (const v of [
    value,
    encodeURIComponent(value),
    Buffer.from(value).toString("base64"),
    JSON.stringify(value).slice(1, -1),
  ])
    if (v.length >= 4) secrets.add(v);
}

/**
 * Remembers the secrets of a server's launch: environment values (all those of a secret-named
 * variable, and of the others those that look like tokens), header values (and the credentials
 * of a Bearer or Basic header), URL credentials and query values, and secret-named arguments.
 */
export function rememberLaunchSecrets(launch: {
  env?: Record<string, string>;
  headers?: Record<string, string>;
  url?: string;
  argv?: readonly string[];
}): void {
  for (const [k, v] of Object.entries(launch.env ?? {}))
    if (isSecretName(k) || (v.length >= 12 && !/[\s/\\]/.test(v))) rememberSecret(v);
  for (const v of Object.values(launch.headers ?? {})) {
    rememberSecret(v);
    const scheme = /^(bearer|basic|token)\s+(.+)$/i.exec(v);
    if (scheme) {
      rememberSecret(scheme[2]);
      if (scheme[1]!.toLowerCase() === "basic") {
        const decoded = Buffer.from(scheme[2]!, "base64").toString("utf8");
        for (const part of [decoded, ...decoded.split(":")]) rememberSecret(part);
      }
    }
  }
  if (launch.url !== undefined) {
    try {
      const u = new URL(launch.url);
      const user = decodeURIComponent(u.username);
      const pass = decodeURIComponent(u.password);
      rememberSecret(user);
      rememberSecret(pass);
      if (user || pass) rememberSecret(`${user}:${pass}`);
      for (const v of u.searchParams.values()) rememberSecret(v);
    } catch {
      // Not a URL: nothing to remember.
    }
  }
  for (const v of argvSecrets(launch.argv ?? [])) rememberSecret(v);
}

/** Forgets the secrets remembered (a new run). */
export function forgetSecrets(): void {
  secrets.clear();
}

/**
 * A text given as pieces, scrubbed ({@link scrubSecrets}): the pieces as they are when no secret
 * was remembered, else their joined text scrubbed (a secret may straddle two pieces).
 */
export function scrubPieces(pieces: readonly string[]): readonly string[] {
  return secrets.size === 0 ? pieces : [scrubSecrets(pieces.join(""))];
}

/** `text` with every remembered secret replaced by `***`, longest first. */
export function scrubSecrets(text: string): string {
  if (secrets.size === 0) return text;
  let out = text;
  for (const s of [...secrets].sort((a, b) => b.length - a.length))
    if (out.includes(s)) out = out.split(s).join("***");
  return out;
}

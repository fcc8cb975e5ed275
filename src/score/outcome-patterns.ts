// What an answer's text says about why a call did not succeed, as data, in one place: the error
// codes and messages of an unreachable backend, missing credentials or a missing program; "not
// found" answers; answers that ask for a person's input; and error text returned as a normal result.
// Tested one line per pattern in test/unit/score-outcomes.test.ts.

/** What an environment failure was: the network, credentials, a rate limit or a missing program. */
export type EnvironmentWhat = "network" | "credentials" | "rate limit" | "missing program";

/**
 * The environment, not the server: DNS and connection failures, a backend that timed out, missing
 * or rejected credentials, rate limits, a browser or program that is not installed.
 */
export const ENVIRONMENT_PATTERNS: ReadonlyArray<{ what: EnvironmentWhat; pattern: RegExp }> = [
  {
    what: "network",
    pattern:
      /\b(?:ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ECONNABORTED|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT|EPIPE|UND_ERR_CONNECT_TIMEOUT|UND_ERR_SOCKET|CERT_HAS_EXPIRED|UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN)\b/,
  },
  {
    what: "network",
    pattern:
      /\b(?:fetch failed|getaddrinfo|socket hang up|network (?:error|is unreachable|request failed)|connection (?:refused|reset|timed out|error)|could not (?:connect|resolve host)|failed to connect|no such host|dial tcp|name resolution|timeout of \d+ ?ms exceeded|request timed? ?out|upstream (?:connect )?error|service unavailable|bad gateway|gateway time-?out)\b/i,
  },
  {
    what: "credentials",
    pattern:
      /\b(?:401|403)\b.{0,40}\b(?:unauthori[sz]ed|forbidden)\b|\b(?:unauthori[sz]ed|unauthenticated|authentication (?:failed|required|error)|not authenticated|invalid (?:(?!page|pagination|continuation|cursor|next|sync)[\w-]+ ){0,3}(?:api[ _-]?key|token|credentials?|authentication)|(?:api[ _-]?key|access token|token|credentials?)\b.{0,30}\b(?:missing|required|not (?:set|provided|configured|found)|invalid|expired|rejected)|missing (?:api[ _-]?key|token|credentials?)|bad credentials|permission denied for|no configuration has been provided|kubeconfig)\b/i,
  },
  {
    // `GITHUB_PERSONAL_ACCESS_TOKEN environment variable is not set`: the name runs into the word.
    what: "credentials",
    pattern:
      /(?:token|api[ _-]?key|_KEY|secret|password|credentials?|environment variable)\b[^.]{0,40}\b(?:is |are )?(?:not set|missing|required|not provided|not configured)\b/i,
  },
  { what: "rate limit", pattern: /\b(?:429|rate[ -]?limit(?:ed)?|too many requests|quota exceeded)\b/i },
  {
    what: "missing program",
    pattern:
      /\b(?:executable doesn't exist|browser (?:is )?not (?:found|installed)|(?:chrome|chromium|firefox|webkit|msedge) distribution '[^']*' is not found|could not find (?:google )?(?:chrome|chromium|firefox|browser|expected browser)|failed to launch (?:the )?browser|command not found|spawn \S+ ENOENT|is not installed|not found in PATH)\b/i,
  },
];

/** "Not found": the id, name or path the call named does not exist (checked after the environment). */
export const NOT_FOUND_PATTERN =
  /\b(?<!(?:method|tool|command) )(?:not found|no such (?:file|directory|\w+)|(?:does not|doesn't|did not|didn't) (?:exist|match any)|ENOENT|404|unknown (?:id|\w+ id|\w+ name)|no \w+ (?:found )?(?:with|for|named|matching) (?:the )?(?:id|name|path|key|pid)|could not find)\b/i;

/** The server wants a person to answer first (elicitation, a confirmation). */
export const NEEDS_INPUT_PATTERN =
  /\b(?:elicitation|requires? (?:user |human )?(?:confirmation|approval|input|interaction)|(?:user|human) (?:must|needs to|has to) (?:confirm|approve|choose|log ?in)|please (?:confirm|approve|log ?in|sign ?in|authori[sz]e))\b/i;

/** JSON-RPC errors that are the server's own refusal (parse, request, method, params): never the environment. */
export const PROTOCOL_ERROR_CODES: readonly number[] = [-32700, -32600, -32601, -32602];

/** JSON-RPC error codes that mean "needs input": URL-mode elicitation required. */
export const NEEDS_INPUT_CODES: readonly number[] = [-32042];

/** Text that, as the whole of a successful answer, is an error reported as a normal result. */
export const SOFT_ERROR_PATTERN =
  /^\s*(?:error\b|errors?:|failed\b|failure\b|fatal\b|exception\b|(?:could not|couldn't|unable to|cannot|can't) \w+|\w+ failed\b|failed to \w+)/i;

/** Words of an error that says what was wrong with the input (for edge cases). */
export const INPUT_PROBLEM_PATTERN =
  /\b(?:invalid|required|missing|must|needs?|expected|should|not allowed|not supported|unsupported|not one of|one of|too (?:long|short|large|small|many|few)|exceeds?|at (?:least|most)|minimum|maximum|out of range|empty|type|format|enum|validation|unrecognized|unknown|bad request|not (?:a|an) (?:valid )?\w+)\b/i;

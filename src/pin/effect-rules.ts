// The rules that derive a tool's capabilities, as data: every word list and pattern lives here, and
// the capability table of docs/capabilities.md is written from this file. Words are matched against
// the words of a tool's name (snake, kebab, dot and camelCase split, lower-cased), never against
// substrings, so that `directory` is not `rect` and `settings` is not `set`.

/** Verbs that give `delete` wherever they appear in a name. */
export const DELETE_VERBS: readonly string[] = [
  "delete",
  "del",
  "remove",
  "rm",
  "rmdir",
  "drop",
  "purge",
  "destroy",
  "erase",
  "wipe",
  "truncate",
  "unlink",
  "discard",
  "expunge",
  "trash",
  "prune",
  "clear",
  "revoke",
  "uninstall",
  "kill",
  "terminate",
  "unpublish",
];

/** Verbs that give `write` wherever they appear in a name. */
export const WRITE_VERBS: readonly string[] = [
  "create",
  "update",
  "send",
  "write",
  "set",
  "add",
  "insert",
  "put",
  "post",
  "patch",
  "edit",
  "modify",
  "save",
  "upload",
  "move",
  "rename",
  "append",
  "publish",
  "replace",
  "upsert",
  "change",
  "commit",
  "push",
  "merge",
  "submit",
  "assign",
  "register",
  "import",
  "copy",
  "mkdir",
  "toggle",
  "enable",
  "disable",
  "store",
  "fork",
  "reply",
  "cordon",
  "drain",
  "refund",
  "upgrade",
  "deploy",
  "restart",
];

/**
 * Verbs that give `write` only when they lead a name (the first verb, after any prefix), because
 * elsewhere they are as often nouns: `start_process` but `get_start_date`, `browser_type` but
 * `get_type`, `schedule_job` but `get_schedule`.
 */
export const LEAD_WRITE_VERBS: readonly string[] = [
  "start",
  "stop",
  "pause",
  "resume",
  "cancel",
  "close",
  "reopen",
  "approve",
  "invite",
  "schedule",
  "duplicate",
  "restore",
  "apply",
  "install",
  "scale",
  "rollout",
  "comment",
  "react",
  "archive",
  "tag",
  "label",
  "click",
  "type",
  "fill",
  "press",
  "drag",
  "hover",
  "select",
  "interact",
  "configure",
  "attach",
  "finalize",
  "confirm",
  "resize",
  "handle",
  "port",
];

/**
 * Verbs that give `read` when they lead a name: the first word, or the first verb after a prefix
 * that is no verb (`slack_get_users`, `brave_web_search`, `API-get-user`), and when they start
 * the description.
 */
export const READ_VERBS: readonly string[] = [
  "get",
  "list",
  "search",
  "read",
  "find",
  "query",
  "show",
  "describe",
  "view",
  "lookup",
  "count",
  "retrieve",
  "inspect",
  "check",
  "peek",
  "stat",
  "fetch",
  "lookup",
  "browse",
  "explore",
  "analyze",
  "analyse",
  "explain",
  "summarize",
  "extract",
  "scrape",
  "crawl",
  "map",
  "resolve",
  "screenshot",
  "snapshot",
  "download",
  "export",
  "diff",
  "compare",
  "validate",
  "verify",
  "print",
  "echo",
  "see",
  "tail",
  "wait",
  "open",
  "sum",
  "calculate",
  "think",
  "return",
  "returns",
  "look",
];

/** Words that give `exec` wherever they appear in a name. */
export const EXEC_WORDS: readonly string[] = [
  "exec",
  "execute",
  "shell",
  "eval",
  "bash",
  "zsh",
  "powershell",
  "subprocess",
  "spawn",
];

/** `run` (or a synonym) gives `exec` only together with one of `EXEC_OBJECTS` in the same name. */
export const RUN_VERBS: readonly string[] = ["run", "invoke", "launch", "start"];

/** What `run` must be paired with to mean execution: `run_command`, `run_script`, `invoke_code`. */
export const EXEC_OBJECTS: readonly string[] = [
  "command",
  "commands",
  "cmd",
  "code",
  "script",
  "scripts",
  "shell",
  "program",
  "process",
  "binary",
  "javascript",
  "js",
  "python",
];

/** Words that give `network` wherever they appear in a name. */
export const NETWORK_WORDS: readonly string[] = [
  "fetch",
  "http",
  "https",
  "url",
  "urls",
  "browse",
  "browser",
  "webhook",
  "download",
  "email",
  "mail",
  "smtp",
  "curl",
  "wget",
  "scrape",
  "crawl",
  "web",
  "forward",
  "navigate",
];

/**
 * Description patterns. The source quotes the text that matched, e.g.
 * `description 'Runs a shell command'`. Patterns are written to need the object of the verb, so
 * that "a long running operation" or "downloaded in a subsequent request" give nothing.
 */
export const DESCRIPTION_PATTERNS: ReadonlyArray<{ capability: "exec" | "network"; pattern: RegExp }> = [
  // The verb that says what the tool does (imperative or third person), not a noun phrase
  // ("running processes", "blocked shell commands"); a negated one is skipped by the caller.
  // Up to three words may stand between verb and object ("Execute any kubectl command"), but no
  // conjunction or preposition ("Run tests and report code coverage" is no execution).
  {
    capability: "exec",
    pattern:
      /\b(?:run|runs|execute|executes|evaluate|evaluates|eval|evals|invoke|invokes|spawn|spawns)\s+(?:(?!(?:and|or|on|in|to|for|from|with|of|that|which|into|against|over|at|by)\b)[A-Za-z][\w-]*\s+){0,3}(?:commands?|code|scripts?|programs?|shell|javascript|js|python|bash|powershell)\b/i,
  },
  // Typing into a shell runs what is typed: "Send input to an existing terminal or REPL process".
  {
    capability: "exec",
    pattern:
      /\b(?:send|sends|type|types|pipe|pipes|write|writes)\s+(?:[\w-]+\s+){0,2}?(?:input|commands?|keystrokes?|text|lines?)\s+(?:to|into)\s+(?:(?!(?:and|or)\b)[\w/-]+\s+){0,3}?(?:terminals?|repls?|shells?|consoles?|process(?:es)?)\b/i,
  },
  // A URL, without the sentence's closing punctuation.
  { capability: "network", pattern: /\bhttps?:\/\/[^\s'"<>)]*[^\s'"<>).,;:!?]/i },
  { capability: "network", pattern: /\bHTTPS? (?:requests?|calls?|GET|POST|endpoints?)\b/i },
  // Not a URL listed among an item's fields ("username, URL, tags, and notes").
  { capability: "network", pattern: /\bURLs?\b(?!\s*,)|(?<!,\s*(?:[A-Za-z]+\s+)?)\bURLs?\b/i },
  { capability: "network", pattern: /\bweb ?hooks?\b/i },
  { capability: "network", pattern: /\be-?mails?\b/i },
];

/**
 * Words that negate an exec verb when they come before it in the same sentence ("Never run OS
 * commands", "without running a shell command", "does not execute code").
 */
export const NEGATIONS: readonly string[] = [
  "not",
  "never",
  "no",
  "without",
  "cannot",
  "can't",
  "don't",
  "doesn't",
  "won't",
  "nor",
  "avoid",
  "instead",
];

/** A description whose first word is one of these (or its -s / -es form) gives `delete`. */
export const DESCRIPTION_DELETE_START: readonly string[] = [
  "delete",
  "remove",
  "drop",
  "purge",
  "destroy",
  "erase",
  "wipe",
  "truncate",
  "unlink",
  "discard",
  "expunge",
  "prune",
  "clear",
];

// The rules that derive a tool's capabilities, as data: every word list and pattern lives here, and
// the README's capability table is written from this file. Words are matched against the words of a
// tool's name (snake, kebab, dot and camelCase split, lower-cased), never against substrings, so
// that `directory` is not `rect` and `settings` is not `set`.

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
];

/** Verbs that give `read` when they are the first word of a name. */
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
export const RUN_VERBS: readonly string[] = ["run", "invoke", "launch"];

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
];

/**
 * Description patterns. The source quotes the text that matched, e.g.
 * `description 'Runs a shell command'`. Patterns are written to need the object of the verb, so
 * that "a long running operation" or "downloaded in a subsequent request" give nothing.
 */
export const DESCRIPTION_PATTERNS: ReadonlyArray<{ capability: "exec" | "network"; pattern: RegExp }> = [
  {
    capability: "exec",
    pattern:
      /\b(?:runs?|running|executes?|executing|evaluates?|evaluating|invokes?)\s+(?:(?:a|an|the|any|arbitrary|given|provided|user|system|terminal|os|local|remote|shell|bash|python|javascript|js|sql)\s+){0,3}(?:commands?|code|scripts?|programs?|shell|processes|process)\b/i,
  },
  { capability: "exec", pattern: /\b(?:shell|bash|terminal|system) commands?\b/i },
  // A URL, without the sentence's closing punctuation.
  { capability: "network", pattern: /\bhttps?:\/\/[^\s'"<>)]*[^\s'"<>).,;:!?]/i },
  { capability: "network", pattern: /\bHTTPS? (?:requests?|calls?|GET|POST|endpoints?)\b/i },
  { capability: "network", pattern: /\bURLs?\b/i },
  { capability: "network", pattern: /\bweb ?hooks?\b/i },
  { capability: "network", pattern: /\be-?mails?\b/i },
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

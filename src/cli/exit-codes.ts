/** The exit codes of every command: a contract, documented in the README's Exit codes section. */
export const EXIT = {
  /** Nothing fails. */
  OK: 0,
  /** Something fails: drift, a breaking change, a lint error, a grade below the bar. */
  FAIL: 1,
  /** A usage, file or connection error. */
  ERROR: 2,
  /** Interrupted with Ctrl-C. */
  INTERRUPTED: 130,
} as const;

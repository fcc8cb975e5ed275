// The drift modes, apart from the core: the command reads `--on-drift` before the checks load.

/** What the guard does on drift: withhold the drifted items, refuse everything, or only log. */
export type DriftMode = "hide" | "block" | "warn";
/** The `--on-drift` choices. */
export const DRIFT_MODES: readonly DriftMode[] = ["hide", "block", "warn"];

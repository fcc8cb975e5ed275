// A lock of several client capability profiles: the base surface and, per other profile, how it
// differs; one lock checked in the profile of whoever is listing, and a lock of one profile as it
// always was.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ServerSnapshot } from "../../src/mcp/snapshot.js";
import type { ClientCapabilityName } from "../../src/mcp/client-capabilities.js";
import { buildLock, lockProblems } from "../../src/pin/lock.js";
import { parseLock } from "../../src/pin/lock-read.js";
import { serializeLock } from "../../src/pin/lock-serialize.js";
import { ALL_PROFILES, lockForProfile, profileOf, SINGLE_PROFILES } from "../../src/pin/profiles.js";
import { checkPin } from "../../src/pin/verify.js";
import { mergeProfileReports, pinnedClientCapabilities } from "../../src/pin/verify-profiles.js";
import { profileLine, renderPinReport } from "../../src/report/pin.js";
import { renderPinJson } from "../../src/report/pin-json.js";
import { isToolscoreError } from "../../src/util/errors.js";

const obj = { type: "object" };
const BASE = [
  { name: "echo", description: "Echo.", inputSchema: obj },
  { name: "sum", description: "Add.", inputSchema: obj },
];
const ROOTS = { name: "get-roots-list", description: "List the roots.", inputSchema: obj };
const ELICIT = { name: "ask-user", description: "Ask the user.", inputSchema: obj };

// The server as server-everything behaves: extra tools for roots and for elicitation; with
// elicitation, "sum" is described otherwise.
function listing(caps: ClientCapabilityName[]): ServerSnapshot {
  const tools: Array<Record<string, unknown>> = [...BASE];
  if (caps.includes("roots")) tools.push(ROOTS);
  if (caps.includes("elicitation")) {
    tools.push(ELICIT);
    tools[1] = { ...BASE[1], description: "Add, asking when unsure." };
  }
  return ServerSnapshot.of({
    server: { name: "s", version: "1" },
    protocol: "2025-11-25",
    capabilities: { tools: {} },
    client_capabilities: caps,
    instructions: null,
    tools,
  });
}
const others = ALL_PROFILES.slice(1).map(listing);
const multi = buildLock(listing([]), { profiles: others });

test("a server whose surface does not depend on capabilities gives the same bytes as one listing", () => {
  const same = (caps: ClientCapabilityName[]) => ({ ...listing([]), client_capabilities: caps });
  const plain = buildLock(listing([]));
  const withProfiles = buildLock(listing([]), { profiles: ALL_PROFILES.slice(1).map(same) });
  assert.equal(withProfiles.profiles, undefined);
  assert.equal(serializeLock(withProfiles), serializeLock(plain));
});

test("the lock records each other profile as its difference from the base, and reads back", () => {
  const text = serializeLock(multi);
  const back = parseLock(JSON.parse(text));
  assert.deepEqual(lockProblems(back), []);
  assert.equal(serializeLock(back), text);
  const roots = back.profiles!.find((p) => p.client_capabilities.join(",") === "roots")!;
  assert.deepEqual(
    roots.tools.map((t) => t.name),
    ["get-roots-list"],
  );
  assert.deepEqual(roots.without, {});
  const elicit = back.profiles!.find((p) => p.client_capabilities.join(",") === "elicitation")!;
  assert.deepEqual(elicit.tools.map((t) => t.name).sort(), ["ask-user", "sum"]);
  assert.deepEqual(
    back.profiles!.map((p) => p.client_capabilities.join(",")),
    ALL_PROFILES.slice(1)
      .map((p) => p.join(","))
      .sort(),
  );
  // Each profile's view is exactly what that profile listed.
  for (const p of ALL_PROFILES)
    assert.deepEqual(
      lockForProfile(back, p).tools.map((t) => t.name),
      buildLock(listing(p)).tools.map((t) => t.name),
    );
});

test("each profile checked against its own surface is clean; another's surface is drift", () => {
  for (const p of ALL_PROFILES) assert.deepEqual(checkPin(multi, listing(p)).findings, [], p.join(","));
  // A client that declares nothing but is shown the roots tool: that is drift.
  const shown = { ...listing(["roots"]), client_capabilities: [] as ClientCapabilityName[] };
  const report = checkPin(multi, shown);
  assert.deepEqual(
    report.findings.map((f) => [f.rule, f.tool]),
    [["pin-tool-added", "get-roots-list"]],
  );
});

test("a lock of one profile checked in another names client capabilities as a possible cause", () => {
  const old = buildLock(listing([]));
  const report = checkPin(old, listing(["roots"]));
  assert.deepEqual(report.profile, { checked: [["roots"]], recorded: [[]] });
  const text = renderPinReport(report);
  assert.match(text, /pin-tool-added/);
  assert.match(
    text,
    /NOTE: the lock was pinned for clients that declare no capabilities, and this check declared roots: a difference may come only from what the client declares .*toolscore mcp pin SERVER/,
  );
  const json = JSON.parse(renderPinJson(report)) as { client_capabilities: { note: string } };
  assert.match(json.client_capabilities.note, /only from what the client declares/);
  // Checked in its own profile, the report is as it always was.
  assert.equal(checkPin(old, listing([])).profile, undefined);
});

test("verification declares a recorded profile; another set is a CLIENT_CAPABILITIES error", () => {
  assert.deepEqual(pinnedClientCapabilities(multi, ["roots", "elicitation"]), ["elicitation", "roots"]);
  const old = buildLock(listing([]));
  assert.throws(
    () => pinnedClientCapabilities(old, ["roots"]),
    (e) => isToolscoreError(e, "CLIENT_CAPABILITIES"),
  );
});

test("a hand edit in a profile's entry is pin-lock-modified", () => {
  const data = JSON.parse(serializeLock(multi)) as {
    profiles: Array<{ tools: Array<{ definition: Record<string, unknown> }> }>;
  };
  data.profiles[0]!.tools[0]!.definition.description = "Something else.";
  const edited = parseLock(data);
  const report = checkPin(edited, listing([]));
  assert.equal(report.findings[0]!.rule, "pin-lock-modified");
});

test("a profile list that is malformed is refused when read", () => {
  const data = JSON.parse(serializeLock(multi)) as Record<string, unknown>;
  assert.throws(
    () => parseLock({ ...data, profiles: [{ client_capabilities: ["telepathy"], tools: [], without: {} }] }),
    /profiles\[0\]\.client_capabilities is not a list/,
  );
  assert.throws(
    () => parseLock({ ...data, profiles: [{ client_capabilities: [], tools: [], without: {} }] }),
    /repeats the client capabilities/,
  );
});

test("the checks of several profiles merge: a finding of some profiles names them", () => {
  const changed = (caps: ClientCapabilityName[]) => {
    const s = listing(caps);
    return { ...s, tools: s.tools.map((t) => (t.name === "echo" ? { ...t, description: "Echo!" } : t)) };
  };
  const checks = [[], ["roots"]].map((p) => {
    const profile = p as ClientCapabilityName[];
    const snap = profile.length ? listing(profile) : changed(profile);
    return { profile, report: checkPin(multi, snap) };
  });
  const merged = mergeProfileReports(checks);
  assert.deepEqual(
    merged.findings.map((f) => [f.rule, f.tool, f.profiles]),
    [["pin-tool-changed", "echo", [[]]]],
  );
  assert.equal(merged.ok, false);
  assert.match(renderPinReport(merged), /\(for clients that declare no capabilities\)/);
});

test("a client's declared capabilities select its profile", () => {
  assert.deepEqual(profileOf({ roots: {}, elicitation: {} }), ["elicitation", "roots"]);
  assert.deepEqual(profileOf({ elicitation: { form: {}, url: {} } }), ["elicitation", "elicitation.url"]);
  assert.deepEqual(profileOf({}), []);
  assert.deepEqual(profileOf({ experimental: {}, tasks: {} }), []);
});

test("a lock of the single profiles composes the others: each set of capabilities is covered", () => {
  const singles = buildLock(listing([]), {
    profiles: [...SINGLE_PROFILES, ALL_PROFILES.at(-1)!].map(listing),
  });
  assert.equal(singles.profiles!.length, SINGLE_PROFILES.length + 1);
  for (const p of ALL_PROFILES) {
    assert.deepEqual(
      lockForProfile(singles, p).tools.map((t) => [t.name, t.sha256]),
      buildLock(listing(p)).tools.map((t) => [t.name, t.sha256]),
      p.join(","),
    );
    assert.deepEqual(checkPin(singles, listing(p)).findings, [], p.join(","));
    assert.equal(profileLine(checkPin(singles, { ...listing([]), client_capabilities: p })), null);
  }
});

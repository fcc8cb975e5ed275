import type { Prng } from "./prng.js";

const WORDS = ["alpha", "bravo", "delta", "echo", "lima", "nova", "oscar", "river", "tango", "zulu"];
const HEX = "0123456789abcdef";

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

function date(rng: Prng): string {
  return `${rng.int(2000, 2030)}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`;
}

function time(rng: Prng): string {
  return `${pad(rng.int(0, 23))}:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))}Z`;
}

function uuid(rng: Prng): string {
  let s = "";
  for (let i = 0; i < 32; i++) s += HEX[rng.int(0, 15)]!;
  // Version 4, variant 10xx: what a validator that checks them expects.
  const variant = HEX[8 + rng.int(0, 3)]!;
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-4${s.slice(13, 16)}-${variant}${s.slice(17, 20)}-${s.slice(20, 32)}`;
}

function ipv6(rng: Prng): string {
  const groups: string[] = ["2001", "db8"];
  for (let i = 0; i < 6; i++) groups.push(rng.int(0, 0xffff).toString(16));
  return groups.join(":");
}

/** Generators for the JSON Schema `format` values, each giving a short valid string. */
const FORMATS: Record<string, (rng: Prng) => string> = {
  email: (rng) => `${rng.pick(WORDS)}${rng.int(1, 99)}@example.com`,
  "idn-email": (rng) => `${rng.pick(WORDS)}${rng.int(1, 99)}@example.com`,
  uri: (rng) => `https://example.com/${rng.pick(WORDS)}/${rng.int(1, 999)}`,
  url: (rng) => `https://example.com/${rng.pick(WORDS)}/${rng.int(1, 999)}`,
  iri: (rng) => `https://example.com/${rng.pick(WORDS)}`,
  "uri-reference": (rng) => `/${rng.pick(WORDS)}/${rng.int(1, 999)}`,
  "iri-reference": (rng) => `/${rng.pick(WORDS)}`,
  "uri-template": (rng) => `https://example.com/${rng.pick(WORDS)}/{id}`,
  date,
  time,
  "date-time": (rng) => `${date(rng)}T${time(rng)}`,
  duration: (rng) => `P${rng.int(1, 30)}D`,
  uuid,
  ipv4: (rng) => `${rng.int(1, 223)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
  ipv6,
  hostname: (rng) => `${rng.pick(WORDS)}-${rng.int(1, 99)}.example.com`,
  "idn-hostname": (rng) => `${rng.pick(WORDS)}.example.com`,
  "json-pointer": (rng) => `/${rng.pick(WORDS)}/${rng.int(0, 9)}`,
  "relative-json-pointer": (rng) => `${rng.int(0, 3)}/${rng.pick(WORDS)}`,
  regex: () => "^[a-z]+$",
  byte: (rng) => Buffer.from(rng.pick(WORDS)).toString("base64"),
  binary: (rng) => rng.pick(WORDS),
  password: (rng) => `${rng.pick(WORDS)}-${rng.int(1000, 9999)}`,
};

/** A valid string for `format`, or undefined when the format is not one toolscore knows. */
export function formatValue(format: string, rng: Prng): string | undefined {
  return FORMATS[format]?.(rng);
}

/** A plain, readable word-like string of exactly `length` characters. */
export function plainString(rng: Prng, length: number): string {
  let s = rng.pick(WORDS);
  while (s.length < length) s += `-${rng.pick(WORDS)}`;
  return s.slice(0, length);
}

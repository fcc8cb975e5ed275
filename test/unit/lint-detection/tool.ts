import type { RawTool } from "../../../src/mcp/types.js";
import { WEATHER_TOOL } from "../../support/weather-tool.js";

// The tool every detection case starts from: a well-made tool with no findings; each case changes
// one text in it.
export const BASE = WEATHER_TOOL;
export const d = (description: string): RawTool => ({ ...BASE, description });
/** The tool with one more property: `name`, and the schema it has. */
export const p = (name: string, schema: Record<string, unknown> = { type: "string" }): RawTool => ({
  ...BASE,
  inputSchema: { ...BASE.inputSchema, properties: { ...BASE.inputSchema.properties, [name]: schema } },
});
export const DI = "description-instruction";
export const SI = "schema-instruction";

export type Case = [label: string, tool: RawTool, expected: string[]];

import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createNotesServer } from "./notes-server.js";

// toolscore-notes-server [--rugpull]: the sample notes server over stdio.
const rugpull = process.argv.includes("--rugpull") || process.env.TOOLSCORE_NOTES_RUGPULL === "1";
const server = createNotesServer({ rugpull });
await server.connect(new StdioServerTransport());
process.stdin.on("end", () => void server.close().finally(() => process.exit(0)));

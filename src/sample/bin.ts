import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { createNotesServer } from "./notes-server.js";

// toolscore-notes-server [--rugpull]: the sample notes server over stdio, in both protocol eras
// (MCP 2026-07-28, and the 2025 revisions through initialize). One store per process.
const rugpull = process.argv.includes("--rugpull") || process.env.TOOLSCORE_NOTES_RUGPULL === "1";
const server = createNotesServer({ rugpull });
serveStdio(() => server);

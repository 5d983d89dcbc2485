/** The V8 flags `npm start` runs the server with (scripts/start.mjs): a bench that measures the server's work runs it with them. */
import { readFileSync } from 'node:fs';

export const SERVER_NODE_FLAGS = JSON.parse(
  readFileSync(new URL('../scripts/server-node-flags.json', import.meta.url), 'utf8'),
) as string[];

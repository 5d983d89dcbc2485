/** The V8 flags `npm start` gives the server (scripts/start.mjs reads the same file): what the benches measure, what the start-up test checks. */
import { readFileSync } from 'node:fs';

export const SERVER_NODE_FLAGS = JSON.parse(
  readFileSync(new URL('./server-node-flags.json', import.meta.url), 'utf8'),
) as string[];

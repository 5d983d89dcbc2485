/**
 * `npm run janus`: a local Janus for trying LIVE_SFU=janus on this machine (and for the end-to-end
 * server on Janus): only the VideoRoom plugin and the WebSocket transport on 127.0.0.1:JANUS_PORT
 * (default 8188), stopped with this process. Then: LIVE_SFU=janus JANUS_URLS=ws://127.0.0.1:8188 npm start
 */
import { startJanus } from '../server/sfu/janus-process';

const port = Number(process.env.JANUS_PORT ?? 8188);
const janus = await startJanus({ port });
console.log(`Janus is running at ${janus.url} (pid ${janus.pid}); LIVE_SFU=janus JANUS_URLS=${janus.url}`);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void janus.stop().then(() => process.exit(0));
  });
}
// Up until a signal, or until Janus itself ends.
await janus.exited;
if (!stopping) {
  console.error('Janus exited');
  process.exit(1);
}

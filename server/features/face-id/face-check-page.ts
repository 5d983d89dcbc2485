/**
 * GET /dev/face-check?ref=…: the local stand-in for the identity provider's face-ID page, opened in
 * the broadcaster's popup. It shows her camera (as a provider's page would) and two buttons for
 * the operator: Pass and Fail. The verdict is recorded, the popup closes, and the workspace reads
 * the result. A development page: dev-tools.ts says who may open it.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../../http/html';
import { FACE_CHECK_PAGE, type LocalFaceCheck } from '../../providers/identity/local-face-check';

const SCRIPT_PATH = `${FACE_CHECK_PAGE}.js`;
const STYLE_PATH = `${FACE_CHECK_PAGE}.css`;
const Ref = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="${STYLE_PATH}"><script src="${SCRIPT_PATH}" defer></script></head>
<body><main>${body}</main></body></html>`;
}

/** Starts her camera in the preview; after a verdict, closes the popup. */
const SCRIPT = `
const video = document.querySelector('video');
if (video && navigator.mediaDevices) {
  navigator.mediaDevices.getUserMedia({ video: true }).then((stream) => { video.srcObject = stream; })
    .catch(() => { document.querySelector('#camera-state').textContent = 'The camera could not be started.'; });
}
if (document.body.dataset.done === '1') setTimeout(() => window.close(), 600);
`;

const STYLE = `body{font:16px system-ui,sans-serif;background:#1b0f1f;color:#f6eef8;margin:0}
main{max-width:720px;margin:2rem auto;padding:0 1rem;text-align:center}
video{width:100%;max-width:480px;aspect-ratio:4/3;background:#000;border-radius:12px}
form{display:inline-block;margin:1rem .5rem}button{font:inherit;padding:.6rem 1.4rem;border-radius:8px;border:0;cursor:pointer}
.pass{background:#5fd38d}.fail{background:#f07a8a}p.note{color:#c9b6cf}`;

export function registerFaceCheckPage(app: FastifyInstance, check: LocalFaceCheck | undefined): void {
  if (!check) return;
  app.get(SCRIPT_PATH, async (_req, reply) => reply.type('text/javascript; charset=utf-8').send(SCRIPT));
  app.get(STYLE_PATH, async (_req, reply) => reply.type('text/css; charset=utf-8').send(STYLE));
  app.get(FACE_CHECK_PAGE, async (request, reply) => {
    const ref = Ref.safeParse((request.query as { ref?: unknown }).ref);
    const pending = ref.success ? await check.pending(ref.data) : undefined;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!ref.success || !pending) {
      return reply.send(
        page('Face ID check', '<h1>Face ID check</h1><p>This check is over or does not exist.</p>'),
      );
    }
    const form = (verdict: 'pass' | 'fail', label: string) =>
      `<form method="post" action="${FACE_CHECK_PAGE}"><input type="hidden" name="ref" value="${escapeHtml(ref.data)}">` +
      `<input type="hidden" name="verdict" value="${verdict}"><button class="${verdict}" type="submit">${label}</button></form>`;
    return reply.send(
      page(
        'Face ID check',
        `<h1>Face ID check for ${escapeHtml(pending.anchorId)}</h1>
<p class="note">A stand-in for the identity provider, on this server while development tools are on.</p>
<video autoplay playsinline muted></video><p id="camera-state" class="note">Look into the camera.</p>
${form('pass', 'Pass')}${form('fail', 'Fail')}`,
      ),
    );
  });
  app.post(FACE_CHECK_PAGE, async (request, reply) => {
    const body = z.object({ ref: Ref, verdict: z.enum(['pass', 'fail']) }).safeParse(request.body);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!body.success) return reply.code(400).send(page('Face ID check', '<p>That was not a verdict.</p>'));
    const decided = await check.decide(body.data.ref, body.data.verdict === 'pass');
    const text = decided
      ? `Recorded: ${body.data.verdict === 'pass' ? 'passed' : 'failed'}.`
      : 'This check is over.';
    return reply.send(
      page('Face ID check', `<h1>Face ID check</h1><p>${text} This window closes by itself.</p>`).replace(
        '<body>',
        '<body data-done="1">',
      ),
    );
  });
}

/**
 * Solves sign-up's proof-of-work in the browser (server/features/account/proof-of-work.ts): the
 * first base-36 nonce n for which SHA-256(`challenge:n`) starts with `bits` zero bits. Digests go
 * to crypto.subtle in batches, so a phone hashes in parallel and the page stays responsive.
 */
const BATCH = 256;

function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

export async function solveChallenge(challenge: string, bits: number, signal?: AbortSignal): Promise<string> {
  const encoder = new TextEncoder();
  for (let start = 0; ; start += BATCH) {
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const nonces = Array.from({ length: BATCH }, (_, i) => (start + i).toString(36));
    const digests = await Promise.all(
      nonces.map((n) => crypto.subtle.digest('SHA-256', encoder.encode(`${challenge}:${n}`))),
    );
    const found = digests.findIndex((d) => leadingZeroBits(new Uint8Array(d)) >= bits);
    if (found >= 0) return nonces[found] as string;
  }
}

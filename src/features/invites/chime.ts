/**
 * The live-chat invitation's sound (spec 002 §9 "A sound notification plays"): a short soft tone
 * drawn with Web Audio, so no audio file is needed. Browsers allow sound only after the page has
 * had a user gesture; before that the tone is silently skipped.
 */
import { LIVECHAT_INVITE } from '../../../protocol/livechat/livechat-invites';

let context: AudioContext | null = null;

export function playChime(): void {
  try {
    const Ctor = globalThis.AudioContext;
    if (!Ctor) return;
    context ??= new Ctor();
    const ctx = context;
    if (ctx.state === 'suspended') {
      void ctx.resume().catch(() => undefined);
      if (ctx.state === 'suspended') return;
    }
    const seconds = LIVECHAT_INVITE.soundMs / 1000;
    const start = ctx.currentTime;
    const tone = ctx.createOscillator();
    const gain = ctx.createGain();
    tone.type = 'sine';
    tone.frequency.setValueAtTime(LIVECHAT_INVITE.soundHz, start);
    // A quick rise and fall: a soft ping, never a click.
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.15, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + seconds);
    tone.connect(gain).connect(ctx.destination);
    tone.start(start);
    tone.stop(start + seconds + 0.02);
  } catch {
    // No audio output (or refused): the bubble itself is the notice.
  }
}

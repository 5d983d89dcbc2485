/**
 * A ringing phone's sound: the two-tone ring (440 + 480 Hz, two seconds on, four off) made with
 * Web Audio, so no sound file ships. A browser may hold audio until the page is touched; the ring
 * then starts at the first touch or key.
 */
const RING_ON_S = 2;
const RING_PERIOD_MS = 6_000;
const RING_VOLUME = 0.08;

export function startRinging(): () => void {
  const Context = window.AudioContext;
  if (typeof Context !== 'function') return () => {};
  const context = new Context();
  const burst = () => {
    if (context.state !== 'running') return;
    const gain = context.createGain();
    gain.gain.value = RING_VOLUME;
    gain.connect(context.destination);
    for (const frequency of [440, 480]) {
      const tone = context.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start();
      tone.stop(context.currentTime + RING_ON_S);
    }
  };
  const wake = () => {
    void context.resume().then(burst, () => {});
  };
  wake();
  const timer = setInterval(burst, RING_PERIOD_MS);
  window.addEventListener('pointerdown', wake, { once: true });
  window.addEventListener('keydown', wake, { once: true });
  return () => {
    clearInterval(timer);
    window.removeEventListener('pointerdown', wake);
    window.removeEventListener('keydown', wake);
    void context.close().catch(() => {});
  };
}

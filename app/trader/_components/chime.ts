/**
 * The new-task chime, made with Web Audio: two short sine tones, no sound file to load. Browsers
 * keep audio suspended until the page has had a click or key press, so the context is made (or
 * resumed) on the first gesture and a chime before that is silently skipped.
 */
let context: AudioContext | null = null;

export function unlockChime(): void {
  if (typeof window === 'undefined' || typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume();
}

export function playChime(): void {
  if (!context || context.state !== 'running') return;
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.18, 1320],
  ] as const) {
    const tone = context.createOscillator();
    const volume = context.createGain();
    tone.type = 'sine';
    tone.frequency.value = frequency;
    // A quick rise and fall: no click at either end.
    volume.gain.setValueAtTime(0.0001, start + offset);
    volume.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.16);
    tone.connect(volume).connect(context.destination);
    tone.start(start + offset);
    tone.stop(start + offset + 0.17);
  }
}

/**
 * `vad_score` as the service sends it (docs/protocol.md §3.2): the probability, 0 to 1, that the
 * visitor is speaking, from the recogniser's voice activity detector (one score per analysed
 * window). A client draws a listening meter from it, so what matters is its movement: a score
 * goes out when it differs from the last one sent, so the meter rises and falls while the
 * visitor speaks and a silent line costs one `0` and then nothing.
 */
export class VadScoreReporter {
  private last: number | null = null;

  constructor(private readonly send: (score: number) => void) {}

  /** One window's probability; out-of-range or non-finite values are clamped (0 for NaN). */
  report(probability: number): void {
    const score = Number.isFinite(probability) ? Math.round(Math.min(1, Math.max(0, probability)) * 100) / 100 : 0;
    if (score === this.last) return;
    this.last = score;
    this.send(score);
  }
}

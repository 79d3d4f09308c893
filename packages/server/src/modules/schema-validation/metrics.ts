// A validation's counters and its matched rate, as EMQX's emqx_metrics worker keeps them: the rate is sampled every
// 10 s (current, the highest seen, and the mean of the last 5 minutes' samples).
const SAMPLING_S = 10;
const SAMPLES_5M = 300 / SAMPLING_S;
const round2 = (n: number) => Math.round(n * 100) / 100;

export class ValidationMetrics {
  matched = 0;
  succeeded = 0;
  failed = 0;
  private last = 0;
  private current = 0;
  private max = 0;
  private samples: number[] = [];

  sample(): void {
    this.current = (this.matched - this.last) / SAMPLING_S;
    this.last = this.matched;
    this.max = Math.max(this.max, this.current);
    this.samples.push(this.current);
    if (this.samples.length > SAMPLES_5M) this.samples.shift();
  }

  view() {
    const last5m = this.samples.length ? this.samples.reduce((a, b) => a + b, 0) / this.samples.length : 0;
    return { matched: this.matched, succeeded: this.succeeded, failed: this.failed, rate: round2(this.current), rate_last5m: round2(last5m), rate_max: round2(this.max) };
  }
}

/** one unref'd timer sampling every validation's rate */
export function startSampling(all: () => Iterable<ValidationMetrics>): () => void {
  const timer = setInterval(() => {
    for (const m of all()) m.sample();
  }, SAMPLING_S * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

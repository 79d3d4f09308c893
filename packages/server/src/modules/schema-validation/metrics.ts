// A validation's counters and its matched rate (shared/rate.ts), as EMQX's emqx_metrics worker keeps them.
import { RATE_SAMPLING_S, RateMeter } from '../../shared/rate';

export class ValidationMetrics {
  matched = 0;
  succeeded = 0;
  failed = 0;
  private readonly rate = new RateMeter(() => this.matched);

  sample(): void {
    this.rate.sample();
  }

  view() {
    const rate = this.rate.view();
    return { matched: this.matched, succeeded: this.succeeded, failed: this.failed, rate: rate.current, rate_last5m: rate.last5m, rate_max: rate.max };
  }
}

/** one unref'd timer sampling every validation's rate */
export function startSampling(all: () => Iterable<ValidationMetrics>): () => void {
  const timer = setInterval(() => {
    for (const m of all()) m.sample();
  }, RATE_SAMPLING_S * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

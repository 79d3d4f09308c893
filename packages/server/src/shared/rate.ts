// A counter's rate as emqx_metrics_worker computes it, shared by rules, actions, sources and validations: sampled
// every 10 s as (count now − count at the previous sample) / 10; `max` is the highest sample since the counters
// started or were reset; `last5m` is the mean of the samples of the last 5 minutes (of fewer while younger).
// Values are rounded to 2 decimals as EMQX sends them.
export const RATE_SAMPLING_S = 10;
const SAMPLES_5M = 300 / RATE_SAMPLING_S;
const round2 = (n: number) => Math.round(n * 100) / 100;

export interface RateView {
  current: number;
  max: number;
  last5m: number;
}

export class RateMeter {
  private last = 0;
  private current = 0;
  private max = 0;
  private samples: number[] = [];
  private sum = 0;

  /** `read` gives the counter the rate follows */
  constructor(private readonly read: () => number) {}

  /** one sampling tick */
  sample(): void {
    const value = this.read();
    const rate = (value - this.last) / RATE_SAMPLING_S;
    this.last = value;
    this.current = rate;
    if (rate > this.max) this.max = rate;
    this.samples.push(rate);
    this.sum += rate;
    if (this.samples.length > SAMPLES_5M) this.sum -= this.samples.shift()!;
  }

  /** call after the counter itself went back to 0 */
  reset(): void {
    this.last = this.current = this.max = this.sum = 0;
    this.samples = [];
  }

  view(): RateView {
    return { current: round2(this.current), max: round2(this.max), last5m: round2(this.samples.length ? this.sum / this.samples.length : 0) };
  }
}

/** One unref'd timer sampling every registered meter, running only while some meter is registered. */
export class RateSampler<T extends { sample(): void }> {
  private timer?: NodeJS.Timeout;
  private readonly all = new Set<T>();

  add(m: T): void {
    this.all.add(m);
    if (!this.timer) {
      this.timer = setInterval(() => {
        for (const x of this.all) x.sample();
      }, RATE_SAMPLING_S * 1000);
      this.timer.unref();
    }
  }

  remove(m: T): void {
    this.all.delete(m);
    if (this.all.size === 0) this.stop();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

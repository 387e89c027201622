/**
 * Requests per key, in memory per instance (decision 0019): a token bucket that holds `burst`
 * requests and refills at `perMinute` (API_KEY_RATE_PER_MINUTE and _BURST, config.ts). With several instances behind a load balancer a key may
 * get up to that many times the rate; the limit is there to stop a runaway script, not to meter.
 */
/** Buckets kept before the full ones (idle keys, one-off wrong keys) are swept out. */
const SWEEP_AT = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

export class KeyRateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(private readonly limit: { perMinute: number; burst: number }) {
    this.perMs = limit.perMinute / 60_000;
  }

  /** Takes one request from the key's bucket: 0 when allowed, else the whole seconds to wait. */
  take(key: string, now: number): number {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= SWEEP_AT) this.sweep(now);
      bucket = { tokens: this.limit.burst, at: now };
      this.buckets.set(key, bucket);
    }
    bucket.tokens = this.refilled(bucket, now);
    bucket.at = now;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000));
  }

  private refilled(bucket: Bucket, now: number) {
    // A clock that steps back (tests, a corrected system clock) refills nothing.
    return Math.min(this.limit.burst, bucket.tokens + Math.max(0, now - bucket.at) * this.perMs);
  }

  /**
   * Drops the buckets that have refilled (forgetting them changes nothing), then, should a flood
   * of different keys keeps them all busy, the oldest half, so memory stays bounded.
   */
  private sweep(now: number) {
    for (const [key, bucket] of this.buckets) {
      if (this.refilled(bucket, now) >= this.limit.burst) this.buckets.delete(key);
    }
    for (const key of this.buckets.keys()) {
      if (this.buckets.size < SWEEP_AT / 2) break;
      this.buckets.delete(key);
    }
  }

  get size() {
    return this.buckets.size;
  }
}

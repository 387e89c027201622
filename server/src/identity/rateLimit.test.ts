import { describe, expect, it } from 'vitest';
import { KeyRateLimiter } from './rateLimit';

describe('the per-key token bucket', () => {
  it('lets a burst through, then one request per refill, and says how long to wait', () => {
    const limiter = new KeyRateLimiter({ perMinute: 60, burst: 3 });
    expect([0, 0, 0].map(() => limiter.take('a', 0))).toEqual([0, 0, 0]);
    expect(limiter.take('a', 0)).toBe(1);
    expect(limiter.take('a', 400)).toBe(1);
    expect(limiter.take('a', 1000)).toBe(0);
    expect(limiter.take('a', 1000)).toBe(1);
    // Another key has its own bucket.
    expect(limiter.take('b', 1000)).toBe(0);
    // A long pause fills the bucket up to the burst, no further.
    expect([0, 0, 0, 1].map(() => limiter.take('a', 60_000))).toEqual([0, 0, 0, 1]);
  });

  it('rounds a wait of a fraction of a second up to whole seconds', () => {
    const limiter = new KeyRateLimiter({ perMinute: 6, burst: 1 });
    limiter.take('a', 0);
    expect(limiter.take('a', 0)).toBe(10);
    expect(limiter.take('a', 9_500)).toBe(1);
  });

  it('refills nothing when the clock steps back', () => {
    const limiter = new KeyRateLimiter({ perMinute: 60, burst: 1 });
    limiter.take('a', 10_000);
    expect(limiter.take('a', 0)).toBe(1);
  });

  it('keeps memory bounded under a flood of different keys', () => {
    const limiter = new KeyRateLimiter({ perMinute: 60, burst: 5 });
    for (let i = 0; i < 25_000; i++) limiter.take(`key-${i}`, 0);
    expect(limiter.size).toBeLessThanOrEqual(10_000);
    // Refilled buckets are the first to go.
    for (let i = 0; i < 5_000; i++) limiter.take(`busy-${i}`, 120_000);
    expect(limiter.size).toBeLessThanOrEqual(10_000);
  });
});

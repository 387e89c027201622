import type { LargestPriceChange } from '../db/schema';

/** How many of an entry's price changes the page "Prisändringar" names. */
export const LARGEST_PRICE_CHANGES = 5;

/**
 * The largest price changes among updated rows, by the size of the change in kronor (up or down),
 * then by article number; rows whose price stayed are not changes of price.
 */
export function largestPriceChanges(
  updated: readonly { old: { articleNumber: string; price: string }; new: { price: string } }[],
): LargestPriceChange[] {
  return updated
    .filter((update) => Number(update.old.price) !== Number(update.new.price))
    .map((update) => ({
      articleNumber: update.old.articleNumber,
      before: Number(update.old.price).toFixed(2),
      after: Number(update.new.price).toFixed(2),
    }))
    .sort(
      (a, b) =>
        Math.abs(Number(b.after) - Number(b.before)) - Math.abs(Number(a.after) - Number(a.before)) ||
        (a.articleNumber < b.articleNumber ? -1 : 1),
    )
    .slice(0, LARGEST_PRICE_CHANGES);
}

/** An undo's: the applied entry's, backwards. */
export const reversed = (changes: readonly LargestPriceChange[] | null) =>
  changes?.map((change) => ({ ...change, before: change.after, after: change.before })) ?? null;

/**
 * The webhooks page looks again this often while it is open, as the import lists do: every 5 s,
 * and not while its tab is hidden or the window is in the background (RTK Query's focus state,
 * set up in the store). New deliveries, their attempts and an endpoint turned off after failures
 * show without "Uppdatera".
 */
export const WEBHOOKS_POLLING = { pollingInterval: 5000, skipPollingIfUnfocused: true } as const;

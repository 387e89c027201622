/** Business constants of the import lists (docs/product.md, "Constants"). */
export const PENDING_LIST_LIMIT = 100;
export const RECENT_LIST_LIMIT = 10;
/** Import lists refresh every 5 s, only while the tab is focused. */
export const LIST_POLLING = { pollingInterval: 5000, skipPollingIfUnfocused: true } as const;
/** The summary page refreshes itself this often while validation or import is pending. */
export const SUMMARY_POLLING_MS = 2000;

import { sessionTexts } from './texts';

/**
 * The session warning's countdown: the visible text, updated every second, and the few points at
 * which a screen reader is told (a polite announcement every second would drown everything else).
 */

/** Seconds left at which the time left is announced: 4, 3, 2 and 1 minutes, then 30 seconds. */
export const ANNOUNCE_AT_SECONDS = [240, 180, 120, 60, 30] as const;

/** "4 minuter och 12 sekunder", "1 minut", "30 sekunder". */
export function durationText(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const texts = sessionTexts;
  if (minutes === 0) return texts.seconds(rest);
  return rest === 0 ? texts.minutes(minutes) : texts.and(texts.minutes(minutes), texts.seconds(rest));
}

/** The visible countdown: "Du loggas ut om 4 minuter och 12 sekunder". */
export const countdownText = (secondsLeft: number) => sessionTexts.logoutIn(durationText(secondsLeft));

/**
 * What the polite live region holds: the last announcement point passed, or nothing before the
 * first. It changes only at those points, so it is read only then.
 */
export function announcementFor(secondsLeft: number): string {
  const passed = ANNOUNCE_AT_SECONDS.filter((point) => secondsLeft <= point).at(-1);
  return passed === undefined ? '' : `${countdownText(passed)}.`;
}

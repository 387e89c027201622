import { describe, expect, it } from 'vitest';
import { authTexts } from '../auth/texts';
import { announcementFor, countdownText } from './countdown';

describe('the session countdown', () => {
  it('says minutes and seconds in Swedish, singular and plural', () => {
    expect(countdownText(252)).toBe('Du loggas ut om 4 minuter och 12 sekunder');
    expect(countdownText(61)).toBe('Du loggas ut om 1 minut och 1 sekund');
    expect(countdownText(120)).toBe('Du loggas ut om 2 minuter');
    expect(countdownText(42)).toBe('Du loggas ut om 42 sekunder');
    expect(countdownText(0.2)).toBe('Du loggas ut om 1 sekund');
    expect(countdownText(-3)).toBe('Du loggas ut om 0 sekunder');
  });

  it('is announced at 4, 3, 2 and 1 minutes and at 30 seconds, and the text holds between them', () => {
    const announced = new Set<string>();
    for (let seconds = 300; seconds >= 0; seconds--) announced.add(announcementFor(seconds));
    expect([...announced]).toEqual([
      '',
      'Du loggas ut om 4 minuter.',
      'Du loggas ut om 3 minuter.',
      'Du loggas ut om 2 minuter.',
      'Du loggas ut om 1 minut.',
      'Du loggas ut om 30 sekunder.',
    ]);
    expect(announcementFor(241)).toBe('');
    expect(announcementFor(200)).toBe('Du loggas ut om 4 minuter.');
  });

  it('names the idle time in the logout reason', () => {
    expect(authTexts.logout.inactivity(30)).toBe(
      'Du har loggats ut eftersom du inte har varit aktiv på 30 minuter.',
    );
    // The server's setting, whatever it is: SESSION_IDLE_MINUTES=5.2 reads in sv-SE.
    expect(authTexts.logout.inactivity(5.2)).toBe(
      'Du har loggats ut eftersom du inte har varit aktiv på 5,2 minuter.',
    );
    expect(authTexts.logout.inactivity(1)).toBe(
      'Du har loggats ut eftersom du inte har varit aktiv på 1 minut.',
    );
  });
});

describe('the logout reason after the 12-hour limit', () => {
  it('names the limit instead of idleness', () => {
    expect(authTexts.logout.maxAge(12)).toBe(
      'Du har loggats ut eftersom du har varit inloggad i 12 timmar, den längsta tiden för en inloggning. Logga in igen för att fortsätta.',
    );
  });
});

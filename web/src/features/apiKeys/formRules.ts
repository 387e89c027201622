import { apiKeyLimits } from '#contract/apiKeyRules';
import { hasHiddenCharacter } from '#contract/hiddenCharacters';
import { apiKeyTexts } from './texts';

const { nameMaxLength, minExpiryDays, maxExpiryDays } = apiKeyLimits;

export interface KeyFormErrors {
  name: string | null;
  expiresInDays: string | null;
}

/**
 * What is wrong with the form before anything is sent, in the server's words (the server checks
 * the same and answers with the same field errors). The days must be a whole number as typed.
 */
export function keyFormErrors(name: string, days: string): KeyFormErrors {
  const texts = apiKeyTexts;
  const trimmed = name.trim();
  const nameError =
    trimmed === ''
      ? texts.nameMissing
      : [...trimmed].length > nameMaxLength
        ? texts.nameTooLong(nameMaxLength)
        : hasHiddenCharacter(trimmed)
          ? texts.nameInvalid
          : null;
  const value = Number(days.trim());
  const daysError =
    /^\d+$/.test(days.trim()) && value >= minExpiryDays && value <= maxExpiryDays
      ? null
      : texts.daysInvalid(minExpiryDays, maxExpiryDays);
  return { name: nameError, expiresInDays: daysError };
}

import { PASSWORD_MIN_LENGTH } from '#contract';

/** What the auth API answers with; the SPA shows its own texts (docs/product.md, "Texts") by status. */
export const authMessages = {
  loginFieldsMissing: 'Ange användarnamn och lösenord.',
  loginFailed: 'Du har angett fel användarnamn eller lösenord. Försök igen.',
  loginLocked: (minutes: number) =>
    `För många misslyckade inloggningsförsök. Försök igen om ${minutes} ${minutes === 1 ? 'minut' : 'minuter'}.`,
  resetFieldsMissing: 'Ange användarnamn och e-postadress.',
  resetLinkInvalid:
    'Länken är inte längre giltig. Du behöver återställa ditt lösenord igen för att få en ny länk.',
  passwordInvalid: `Ditt lösenord måste vara minst ${PASSWORD_MIN_LENGTH} tecken långt.`,
} as const;

import { formatNumber } from '../../ui/format';

/** The sign-in pages' texts: login, forgotten and new password, logged out, welcome. */
export const authTexts = {
  login: {
    heading: 'Logga in',
    username: 'Användarnamn',
    password: 'Lösenord',
    submit: 'Logga in',
    wrongCredentials: 'Du har angett fel användarnamn eller lösenord. Försök igen.',
    failed: 'Någonting gick fel.',
    forgotPassword: 'Glömt lösenordet?',
    usernameMissing: 'Ange ditt användarnamn.',
    passwordMissing: 'Ange ditt lösenord.',
  },
  recover: {
    heading: 'Återställ lösenord',
    intro:
      'Ange ditt användarnamn och din e-postadress så skickar vi en länk där du kan välja ett nytt lösenord.',
    username: 'Användarnamn',
    email: 'E-postadress',
    submit: 'Skicka',
    sent: 'Ett meddelande med instruktioner för hur du återställer ditt lösenord har skickats till din e-postadress. Kontrollera att meddelandet inte hamnat i din skräppost.',
    sendAgain: 'Skicka igen.',
    failed: 'Någonting gick fel.',
    fieldsMissing: 'Ange användarnamn och e-postadress.',
    usernameMissing: 'Ange ditt användarnamn.',
    emailMissing: 'Ange din e-postadress.',
    backToLogin: 'Tillbaka till inloggningen',
  },
  reset: {
    heading: 'Välj nytt lösenord',
    rule: 'Lösenordet måste vara minst 10 tecken långt.',
    newPassword: 'Nytt lösenord',
    repeatPassword: 'Upprepa nytt lösenord',
    submit: 'Spara lösenord',
    linkInvalid:
      'Länken är inte längre giltig. Du behöver återställa ditt lösenord igen för att få en ny länk.',
    failed: 'Någonting gick fel.',
    mismatch: 'De lösenord du angett matchar inte.',
    newPasswordMissing: 'Ange ett nytt lösenord.',
    repeatMissing: 'Upprepa det nya lösenordet.',
    tooShort: 'Ditt lösenord måste vara minst 10 tecken långt.',
    saved: 'Ditt lösenord är sparat. Du kan nu logga in i tjänsten med ditt nya lösenord.',
    toLogin: 'Till inloggning',
    requestNewLink: 'Begär en ny länk',
  },
  logout: {
    heading: 'Du är utloggad',
    inactivity: (minutes: number) =>
      `Du har loggats ut eftersom du inte har varit aktiv på ${formatNumber(minutes)} ${minutes === 1 ? 'minut' : 'minuter'}.`,
    maxAge: (hours: number) =>
      `Du har loggats ut eftersom du har varit inloggad i ${formatNumber(hours)} ${hours === 1 ? 'timme' : 'timmar'}, den längsta tiden för en inloggning. Logga in igen för att fortsätta.`,
    toLogin: 'Till inloggning',
  },
  welcome: {
    heading: 'Välkommen till Hjälpmedelsdatabasen',
  },
} as const;

import type { MailMessage } from './mail';

const signature = 'Med vänliga hälsningar\nHjälpmedelsdatabasen';

const dateTime = new Intl.DateTimeFormat('sv-SE', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Stockholm',
});

interface Recipient {
  email: string;
  firstName: string;
  username: string;
}

/** The link of a reset mail: the host comes from configuration, never from the request. */
export function resetLink(publicUrl: string, email: string, token: string): string {
  const url = new URL('/login/reset', `${publicUrl}/`);
  url.search = new URLSearchParams({ email, token }).toString();
  return url.toString();
}

export function resetMail(to: Recipient, link: string, validMinutes: number): MailMessage {
  return {
    to: to.email,
    subject: 'Återställ ditt lösenord i Hjälpmedelsdatabasen',
    text: [
      `Hej ${to.firstName}!`,
      '',
      `Vi har fått en begäran om att återställa lösenordet för ditt konto ${to.username} i Hjälpmedelsdatabasen.`,
      'Öppna länken nedan för att välja ett nytt lösenord:',
      '',
      link,
      '',
      `Länken gäller i ${validMinutes} minuter och kan bara användas en gång.`,
      '',
      'Om du inte har begärt att återställa ditt lösenord kan du bortse från det här meddelandet. Ditt nuvarande lösenord fortsätter att gälla.',
      '',
      signature,
    ].join('\n'),
  };
}

export function passwordChangedMail(to: Recipient, changedAt: Date): MailMessage {
  return {
    to: to.email,
    subject: 'Ditt lösenord i Hjälpmedelsdatabasen har ändrats',
    text: [
      `Hej ${to.firstName}!`,
      '',
      `Lösenordet för ditt konto ${to.username} i Hjälpmedelsdatabasen ändrades ${dateTime.format(changedAt)}.`,
      'Alla dina inloggningar har avslutats, så du behöver logga in igen med det nya lösenordet.',
      '',
      'Om det var du som ändrade lösenordet behöver du inte göra något mer.',
      'Om du inte har ändrat ditt lösenord: återställ det genast från inloggningssidan och kontakta supporten.',
      '',
      signature,
    ].join('\n'),
  };
}

/** The warning before the session runs out. */
export const sessionTexts = {
  expiringHeading: 'Du kommer snart att loggas ut',
  expiringText: 'Din session upphör snart på grund av inaktivitet. Vill du fortsätta vara inloggad?',
  logOut: 'Logga ut',
  stayLoggedIn: 'Fortsätt vara inloggad',
  /** The countdown: "Du loggas ut om 4 minuter och 12 sekunder". */
  logoutIn: (duration: string) => `Du loggas ut om ${duration}`,
  minutes: (n: number) => `${n} ${n === 1 ? 'minut' : 'minuter'}`,
  seconds: (n: number) => `${n} ${n === 1 ? 'sekund' : 'sekunder'}`,
  and: (first: string, second: string) => `${first} och ${second}`,
} as const;

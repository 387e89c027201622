import type { ValidationRule } from './domain';

/** A character that cannot be stored, and where it is. */
export interface ForbiddenCharacter {
  /** The code unit, e.g. 0x0000 or 0xD800. */
  code: number;
  /** Its place in the text, counted from 1 in code units. */
  position: number;
}

const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * The Swedish message of each validation rule (the codes of domain.ts's validationRules), in one
 * place: the file's row rules, the Peppol catalogue's lines and the summary page's check of a
 * corrected value all say a rule in these words, and tests and e2e assert them byte for byte.
 * A cell rule's message is what is wrong (here) and then what its column allows (cellRules.ts's
 * allowedValues), so a rule of several columns has one sentence here.
 */
export const ruleMessages = {
  /** "Pris saknas.": the column's header. */
  REQUIRED: (header: string) => `${header} saknas.`,
  NOT_A_NUMBER: 'Värdet är inte ett tal.',
  NOT_AN_INTEGER: 'Värdet är inte ett heltal.',
  NEGATIVE: 'Värdet är negativt.',
  LESS_THAN_ONE: 'Värdet är mindre än 1.',
  TOO_MANY_DECIMALS: 'Värdet har fler än två decimaler.',
  /** The integer columns' limit (PostgreSQL integer) and the price's (numeric(14, 2)). */
  TOO_LARGE: {
    integer: 'Värdet är för stort (högst 2 147 483 647).',
    price: 'Värdet är för stort (högst 999 999 999 999,99).',
  },
  DATE_VALUE: 'Cellen är formaterad som ett datum.',
  BOOLEAN_VALUE: 'Cellen innehåller ett sanningsvärde (SANT eller FALSKT).',
  /** `errorValue` as Excel writes it: #N/A, #DIV/0!. */
  ERROR_VALUE: (errorValue: string) => `Cellen innehåller felvärdet ${errorValue}.`,
  UNKNOWN_ARTICLE: 'Artikelnumret finns inte bland organisationens artiklar.',
  DUPLICATE_ARTICLE: (firstRow: number) =>
    `Artikelnumret finns redan på rad ${firstRow}. Varje artikel får bara finnas på en rad i filen.`,
  INVALID_UNIT: 'Värdet är inte ett av de tillåtna.',
  MISSING_UNIT:
    'Garanti enhet saknas. När Garanti antal är ifyllt måste Garanti enhet vara Dagar, Veckor, Månader eller År.',
  INVALID_VALID_FROM: 'Värdet är inte ett av de tillåtna.',
  /** `length` in characters (code points). */
  TOO_LONG: (length: number) => `Texten är ${length} tecken lång.`,
  FORBIDDEN_CHARACTER: ({ code, position }: ForbiddenCharacter) => {
    const what =
      code >= 0xd800 && code <= 0xdfff
        ? `${hex(code)}, en halv teckenkod`
        : code >= 0xfffe
          ? `${hex(code)}, som inte är ett tecken`
          : `${hex(code)}, ett styrtecken`;
    return `Texten innehåller ett tecken som inte kan sparas (${what}) på plats ${position}.`;
  },
  DUPLICATE_COLUMN: (header: string) =>
    `Kolumnen ${header} finns mer än en gång i rubrikraden. Ta bort eller byt namn på den ena så att det är tydligt vilken som gäller.`,
  /** `now`: " är <status> och" when the list's time status is known, else "". */
  INACTIVE_PRICELIST: (now: string) =>
    `Prislistan${now} kan inte längre ändras. Läs in filen till en aktuell eller framtida prislista.`,
} as const satisfies Record<ValidationRule, unknown>;

import type { ImportSummary, ValidationError } from '#contract';
import { SUMMARY_ERROR_LIMIT } from '#contract/domain';
import type { PriceListDiffResult, StoredRows } from '../diff';
import { ExcelFileError } from '../fileErrors';
import { shownSafely } from '../storableText';
import type { FileCorrections, PricelistPeriod } from '../types';
import { CatalogueLineChecker, type CatalogueMode } from './catalogueLineChecker';
import {
  type CatalogueHeader,
  type CatalogueLine,
  type CatalogueRead,
  catalogueRead,
  catalogueUtf8,
  readCatalogue,
} from './readCatalogue';

// correctCatalogue.ts writes each correction to the line field its column is read from.
export { fieldOfColumn } from './catalogueLineChecker';

/** What a catalogue is checked against (validatePricelist.ts CheckData). */
interface CheckData {
  articleNumbers: readonly string[];
  stored: StoredRows;
  period?: PricelistPeriod;
}

/** As validatePricelist.ts ValidationOutcome. */
type ValidationOutcome =
  | { summary: Extract<ImportSummary, { type: 'CONFIRM' }>; diff: PriceListDiffResult }
  | { summary: Exclude<ImportSummary, { type: 'CONFIRM' }>; allErrors: ValidationError[] };

const CUSTOMIZATION_ID = 'urn:fdc:peppol.eu:poacc:trns:catalogue:3';
const PROFILE_IDS = [
  'urn:fdc:peppol.eu:poacc:bis:catalogue_only:3',
  'urn:fdc:peppol.eu:poacc:bis:catalogue_wo_response:3',
];

const refused = (message: string) => new ExcelFileError('UNSUPPORTED', message);

/** Whole list (Add, Replace, none) or only the lines named (Update); Delete is refused. */
function modeOf(header: CatalogueHeader): CatalogueMode {
  const customization = header.customizationId?.value ?? '';
  if (!customization.startsWith(CUSTOMIZATION_ID))
    throw refused(
      `Filen är inte en Peppol BIS Catalogue 3: CustomizationID är ”${shownSafely(customization)}”, men måste börja med ${CUSTOMIZATION_ID}.`,
    );
  const profile = header.profileId?.value ?? '';
  if (!PROFILE_IDS.includes(profile))
    throw refused(
      `Katalogens ProfileID ”${shownSafely(profile)}” är inte tillåtet. Den måste vara ${PROFILE_IDS.join(' eller ')}.`,
    );
  const start = header.startDate?.value;
  const end = header.endDate?.value;
  if (start && end && end < start)
    throw refused(`Katalogens giltighetsperiod slutar (${end}) före den börjar (${start}) (ValidityPeriod).`);
  const action = header.actionCode?.value ?? '';
  if (action === '' || action === 'Add' || action === 'Replace') return 'WHOLE';
  if (action === 'Update') return 'LISTED';
  if (action === 'Delete')
    throw refused(
      'Katalogen har ActionCode Delete och läses inte in: en prislista töms aldrig från en katalog. Skicka en katalog med ActionCode Update och Delete på de rader som ska bort.',
    );
  throw refused(
    `Katalogens ActionCode ”${shownSafely(action)}” är inte tillåten. Använd Add, Replace eller Update.`,
  );
}

/**
 * Why the catalogue's start date does not fit the chosen price list (from its start, before the
 * next one's), naming both dates; null when it fits or there is none.
 */
function startDateProblem(
  header: CatalogueHeader,
  period: PricelistPeriod | undefined,
  xmlLineAt: CatalogueRead['xmlLineAt'],
): string | null {
  const start = header.startDate?.value;
  if (!start || !period) return null;
  const where = `ValidityPeriod/StartDate, XML-rad ${xmlLineAt(header.startDate!.offset)}`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(start))
    return `Katalogens startdatum ”${shownSafely(start)}” (${where}) är inte ett datum (ÅÅÅÅ-MM-DD).`;
  const next = period.nextValidFrom;
  if (start >= period.validFrom && (next === null || start < next)) return null;
  const until = next === null ? '' : ` och före ${next}, då nästa prislista börjar gälla`;
  return `Katalogens startdatum ${start} (${where}) passar inte prislista ${period.number}, som gäller från ${period.validFrom}. Startdatumet måste vara ${period.validFrom} eller senare${until}. Välj den prislista som gäller från katalogens startdatum.`;
}

/** How many lines are read, while the data is on its way, before its messages are let in. */
const LINES_BETWEEN_PAUSES = 2_000;

/**
 * Validates a Peppol catalogue as a price-list file: each CatalogueLine is a row (its position is
 * the row number), checked by the same rules and compared by the same diff as a sheet's rows.
 * The document is read while the data may still be on its way, as a sheet is: the lines read
 * meanwhile wait, and the rest are checked as they are read, so only those few are ever held.
 */
export async function validateCatalogue(
  content: Uint8Array,
  dataOrPromise: CheckData | Promise<CheckData>,
  corrections: FileCorrections | undefined,
): Promise<ValidationOutcome> {
  const bytes = await catalogueUtf8(content);
  const read = catalogueRead(bytes);
  const lines = readCatalogue(bytes, read);
  const { waiting, next } = await readWhileDataIsOnItsWay(lines, dataOrPromise);
  const mode = modeOf(read.header);
  if (next.done && waiting.length === 0) throw refused('Katalogen har inga rader (CatalogueLine).');
  const data = await dataOrPromise;
  const catalogueProblem = startDateProblem(read.header, data.period, read.xmlLineAt);
  if (catalogueProblem !== null) {
    // A format error, as a workbook without our columns: the file is not read further.
    return {
      summary: { type: 'INVALID_FORMAT', missingColumns: [], catalogueProblem },
      allErrors: [],
    };
  }

  const checker = new CatalogueLineChecker(
    mode,
    data.articleNumbers,
    data.stored,
    corrections,
    read.xmlLineAt,
  );
  for (const line of waiting) checker.check(line);
  waiting.length = 0;
  if (!next.done) {
    checker.check(next.value);
    for (const line of lines) checker.check(line);
  }
  return outcomeOf(checker, mode, data.stored, [...read.ignored]);
}

/**
 * Reads lines until the data to check them against arrives (or the lines end): they wait, so
 * that reading is not held up by the data. The first line is read before anything is decided:
 * the header comes before it.
 */
async function readWhileDataIsOnItsWay(
  lines: Generator<CatalogueLine, void, undefined>,
  dataOrPromise: CheckData | Promise<CheckData>,
) {
  let arrived = dataOrPromise instanceof Promise ? undefined : dataOrPromise;
  if (!arrived)
    void (dataOrPromise as Promise<CheckData>).then(
      (data) => (arrived = data),
      () => {},
    );
  const waiting: CatalogueLine[] = [];
  let next = lines.next();
  while (!arrived && !next.done) {
    waiting.push(next.value);
    if (waiting.length % LINES_BETWEEN_PAUSES === 0) await new Promise(setImmediate);
    next = lines.next();
  }
  return { waiting, next };
}

/** The summary of the checked lines: their errors, or what confirming would change. */
function outcomeOf(
  checker: CatalogueLineChecker,
  mode: CatalogueMode,
  stored: StoredRows,
  ignoredElements: string[],
): ValidationOutcome {
  const { errorCount } = checker;
  if (errorCount > 0) {
    return {
      summary: {
        type: 'VALIDATION_ERRORS',
        errorCount,
        errors: checker.rules.errors.slice(0, SUMMARY_ERROR_LIMIT),
        errorCounts: checker.errorCounts(),
        ignoredElements,
      },
      allErrors: checker.rules.errors,
    };
  }
  const result = checker.diff.finish(mode === 'LISTED');
  if (stored.count > 0 && result.added.length + result.updated.length + result.unchanged === 0)
    throw refused(
      'Katalogen skulle ta bort alla rader i prislistan och läses inte in: en prislista töms aldrig från en katalog.',
    );
  return {
    summary: {
      type: 'CONFIRM',
      added: result.added.length,
      updated: result.updated.length,
      removed: result.removed.length,
      unchanged: result.unchanged,
      ignoredElements,
    },
    diff: result,
  };
}

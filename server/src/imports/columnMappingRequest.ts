import {
  type ColumnChoice,
  type ColumnMappingRequest,
  columnChoiceProblems,
  type FileSheet,
  matchKey,
  type PriceListColumnHeader,
  priceListColumnHeaders,
} from '#contract';

export type ResolvedMapping =
  | { ok: true; choice: ColumnChoice; sheet: FileSheet }
  | { ok: false; message: string; fieldErrors: Record<string, string> };

const quoted = (text: string) => `”${text}”`;

/**
 * A mapping a caller sent, checked against the file's sheets and turned into letters: each
 * header it names must be one the sheet has, once (a header that repeats is named by its
 * letter), and the result must pass the checks the page makes (columnChoiceProblems). Every
 * problem in Swedish, by our column.
 */
export function resolveMappingRequest(
  request: ColumnMappingRequest,
  fileSheets: readonly FileSheet[],
): ResolvedMapping {
  const sheet =
    fileSheets.find((candidate) => candidate.name === request.sheet) ??
    fileSheets.find((candidate) => matchKey(candidate.name) === matchKey(request.sheet));
  if (!sheet) {
    const names = fileSheets.map((candidate) => candidate.name).join(', ');
    return refused({ sheet: `Filen har ingen flik ${quoted(request.sheet)}. Filen har flikarna: ${names}.` });
  }
  const problems: Record<string, string> = {};
  const columns: ColumnChoice['columns'] = {};
  for (const [ours, value] of Object.entries(request.columns)) {
    if (!priceListColumnHeaders.includes(ours as PriceListColumnHeader)) {
      problems[ours] =
        `${quoted(ours)} är inte en av prislistans kolumner (${priceListColumnHeaders.join(', ')}).`;
      continue;
    }
    const found = typeof value === 'string' ? columnByHeader(sheet, value) : { letter: value.column };
    if ('problem' in found) problems[ours] = found.problem;
    else columns[ours as PriceListColumnHeader] = found.letter;
  }
  const choice = { sheet: sheet.name, columns };
  for (const [ours, problem] of columnChoiceProblems(choice, sheet)) problems[ours] ??= problem;
  if (Object.keys(problems).length > 0) return refused(problems);
  return { ok: true, choice, sheet };
}

/** The one column of the sheet with this header: written exactly so, or else alike (matchKey). */
function columnByHeader(sheet: FileSheet, header: string): { letter: string } | { problem: string } {
  const exact = sheet.columns.filter((column) => column.header === header.trim());
  const alike =
    exact.length > 0 ? exact : sheet.columns.filter((column) => matchKey(column.header) === matchKey(header));
  if (alike.length === 1 && header.trim() !== '') return { letter: alike[0]!.column };
  if (alike.length === 0 || header.trim() === '')
    return { problem: `Fliken ${sheet.name} har ingen kolumn med rubriken ${quoted(header)}.` };
  const letters = alike.map((column) => column.column).join(', ');
  return {
    problem: `Rubriken ${quoted(header)} finns i flera kolumner (${letters}). Ange kolumnen med sin bokstav, till exempel {"column": "${alike[0]!.column}"}.`,
  };
}

const refused = (fieldErrors: Record<string, string>): ResolvedMapping => ({
  ok: false,
  message: Object.values(fieldErrors).join(' '),
  fieldErrors,
});

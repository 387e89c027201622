import { z } from 'zod';
import { columnMappingSources, priceListColumnHeaders } from './domain';
import { DatabaseId } from './ids';
import {
  columnChoiceExample,
  columnMappingRequestExample,
  columnMappingUsedExample,
  fileColumnExample,
  fileSheetExample,
  savedColumnMappingExample,
  savedMappingMismatchExample,
} from './importExamples';

/** A column letter, A to XFD. */
const ColumnLetter = z.string().regex(/^[A-Z]{1,3}$/);

/**
 * A mapping names at most our own columns: the first other key refuses the whole request with
 * one short message, before the mapping is looked at against the file, so that an answer never
 * grows with the number of keys sent.
 */
function refuseUnknownColumnKeys(value: Record<string, unknown>, ctx: z.core.$RefinementCtx) {
  for (const key in value) {
    if (!(priceListColumnHeaders as readonly string[]).includes(key)) {
      const shown = key.length > 100 ? `${key.slice(0, 100)}…` : key;
      ctx.addIssue({
        code: 'custom',
        input: key,
        // The API answers with this message as it is (server/src/errors.ts).
        params: { swedish: true },
        message: `”${shown}” är inte en av prislistans kolumner (${priceListColumnHeaders.join(', ')}).`,
      });
      return;
    }
  }
}

/**
 * A mapping of the file's own columns onto ours, as a caller sends it: the sheet, and for each of
 * our column headers ("Artikelnummer") the file's header ("Art.nr") or, for a header that
 * repeats or is empty, its letter (`{ "column": "C" }`). An optional column left out is not used.
 */
export const ColumnMappingRequest = z
  .object({
    sheet: z.string().min(1).max(255),
    columns: z
      .record(
        z.string().max(100),
        z.union([z.string().max(1000), z.object({ column: ColumnLetter }).strict()]),
      )
      .superRefine(refuseUnknownColumnKeys),
  })
  .strict()
  .meta({ examples: [columnMappingRequestExample] });
export type ColumnMappingRequest = z.infer<typeof ColumnMappingRequest>;

/** `POST …/{importId}/column-mapping`: validate the same stored file again with this mapping. */
export const ValidateWithMappingRequest = z.object({ columnMapping: ColumnMappingRequest }).strict();
export type ValidateWithMappingRequest = z.infer<typeof ValidateWithMappingRequest>;

/**
 * One column of a sheet's header row (row 1): its letter and its header as written ("" when
 * empty); `samples`: up to three non-empty values from its first data rows, shown safely and
 * shortened (missing when there are none, and on older summaries).
 */
export const FileColumnSchema = z
  .object({ column: z.string(), header: z.string(), samples: z.array(z.string()).optional() })
  .meta({ examples: [fileColumnExample] });
/** A sheet of the file and its header row. */
export const FileSheetSchema = z
  .object({ name: z.string(), columns: z.array(FileColumnSchema) })
  .meta({ examples: [fileSheetExample] });

/**
 * Why the organisation's saved mapping for a sheet of this name was not used: the headers it
 * was saved with that the file no longer has, and the file's headers it was not saved with.
 */
export const SavedMappingMismatch = z
  .object({ sheet: z.string(), missingHeaders: z.array(z.string()), newHeaders: z.array(z.string()) })
  .meta({ examples: [savedMappingMismatchExample] });
export type SavedMappingMismatch = z.infer<typeof SavedMappingMismatch>;

/** A mapping as chosen: for each of our column headers, the letter of the file's column. */
export const ColumnChoiceSchema = z
  .object({
    sheet: z.string(),
    columns: z.record(z.string(), ColumnLetter),
  })
  .meta({ examples: [columnChoiceExample] });

/**
 * The columns a validation read, and where that came from. `fileHeader` is the file's own
 * header of the column; `savedMapping` names the organisation's saved mapping that was used.
 */
export const ColumnMappingUsed = z
  .object({
    source: z.enum(columnMappingSources),
    sheet: z.string(),
    columns: z.array(z.object({ column: z.string(), fileColumn: z.string(), fileHeader: z.string() })),
    savedMapping: z.object({ id: DatabaseId, savedAt: z.string() }).optional(),
  })
  .meta({ examples: [columnMappingUsedExample] });
export type ColumnMappingUsed = z.infer<typeof ColumnMappingUsed>;

/** A mapping the organisation saved: found again by its sheet and the set of the file's headers. */
export const SavedColumnMapping = z
  .object({
    id: DatabaseId,
    sheet: z.string(),
    /** The file's headers the mapping was saved for, in the file's order. */
    headers: z.array(z.string()),
    /** Our column and the file's header it is read from; an optional column not used is left out. */
    columns: z.array(z.object({ column: z.string(), fileHeader: z.string() })),
    savedAt: z.string(),
    savedBy: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ examples: [savedColumnMappingExample] });
export type SavedColumnMapping = z.infer<typeof SavedColumnMapping>;
export const SavedColumnMappingsResponse = z.object({ mappings: z.array(SavedColumnMapping) });
export type SavedColumnMappingsResponse = z.infer<typeof SavedColumnMappingsResponse>;

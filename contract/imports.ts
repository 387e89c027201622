import { z } from 'zod';
import { changeKinds, importStatuses, importTypes, pricelistRowValueFields } from './domain';

export const ImportTypeSchema = z.enum(importTypes);
export const ImportStatusSchema = z.enum(importStatuses);

export const GeneralPricelistMetadata = z.object({
  parent: z.number().int(),
  id: z.number().int(),
  number: z.string().optional(),
});
export type GeneralPricelistMetadata = z.infer<typeof GeneralPricelistMetadata>;

/** A database id: a positive PostgreSQL integer. */
const DatabaseId = z.number().int().min(1).max(2_147_483_647);

/** The `request` part of the multipart upload. */
export const CreateImportRequest = z.object({
  type: ImportTypeSchema,
  metadata: z.object({ parent: DatabaseId, id: DatabaseId }),
});
export type CreateImportRequest = z.infer<typeof CreateImportRequest>;

export const Import = z.object({
  id: z.number().int(),
  type: ImportTypeSchema,
  status: ImportStatusSchema,
  created: z.string(),
  importStarted: z.string().nullable(),
  imported: z.string().nullable(),
  fileName: z.string(),
  importedBy: z.object({ id: z.number().int(), fullName: z.string() }),
  metadata: GeneralPricelistMetadata,
  /**
   * Only for VALIDATION_ERROR and IMPORT_ERROR when the file itself was refused (a zip bomb, a
   * DOCTYPE, a truncated file…): why, in Swedish, for the supplier. Absent for internal failures.
   */
  failureReason: z.string().optional(),
});
export type Import = z.infer<typeof Import>;

export const ImportListResponse = z.object({ imports: z.array(Import) });
export type ImportListResponse = z.infer<typeof ImportListResponse>;
export const ImportResponse = z.object({ importObject: Import });
export type ImportResponse = z.infer<typeof ImportResponse>;

export const ValidationError = z.object({
  row: z.number().int(),
  articleNumber: z.string().optional(),
  sheet: z.string(),
  column: z.string(),
  message: z.string(),
  value: z.string(),
});
export type ValidationError = z.infer<typeof ValidationError>;

export const ImportSummary = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('CONFIRM'),
    added: z.number().int(),
    updated: z.number().int(),
    removed: z.number().int(),
    unchanged: z.number().int(),
  }),
  z.object({
    type: z.literal('INVALID_FORMAT'),
    missingColumns: z.array(z.object({ column: z.string(), sheets: z.array(z.string()) })),
  }),
  z.object({
    type: z.literal('VALIDATION_ERRORS'),
    errorCount: z.number().int(),
    errors: z.array(ValidationError),
  }),
]);
export type ImportSummary = z.infer<typeof ImportSummary>;
export const ImportSummaryResponse = z.object({ result: ImportSummary.nullable() });
export type ImportSummaryResponse = z.infer<typeof ImportSummaryResponse>;

/**
 * One price-list row as the file and the database both describe it (docs/price-list-file.md): the article
 * number and each of `pricelistRowValueFields`.
 */
export const PricelistRowValues = z.object({
  articleNumber: z.string(),
  price: z.string(),
  minimumOrderQuantity: z.number().int(),
  deliveryTimeDays: z.number().int().nullable(),
  warrantyQuantity: z.number().int().nullable(),
  warrantyUnit: z.string().nullable(),
  warrantyValidFrom: z.string().nullable(),
  warrantyTerms: z.string().nullable(),
});
export type PricelistRowValues = z.infer<typeof PricelistRowValues>;

export const ChangeKindSchema = z.enum(changeKinds);

export const ImportChange = z.object({
  articleNumber: z.string(),
  articleName: z.string().nullable(),
  /** The row as the file has it (added, updated) or as the price list has it (removed). */
  values: PricelistRowValues,
  /** For updated rows: each field that changes, with the old and the new value. */
  changes: z.array(
    z.object({
      field: z.enum(pricelistRowValueFields),
      oldValue: z.string().nullable(),
      newValue: z.string().nullable(),
    }),
  ),
});
export type ImportChange = z.infer<typeof ImportChange>;
export const ImportChangesResponse = z.object({ total: z.number().int(), changes: z.array(ImportChange) });
export type ImportChangesResponse = z.infer<typeof ImportChangesResponse>;

/** Legacy import status of docs/product.md, "Data the shell shows". */
export const LegacyImportStatus = z.object({
  uniqueId: z.string(),
  readStatus: z.number().int(),
  importStartDate: z.string().nullable(),
  importEndDate: z.string().nullable(),
  fileName: z.string(),
});
export type LegacyImportStatus = z.infer<typeof LegacyImportStatus>;

import { z } from 'zod';
import { importStatuses, importTypes, revalidationCauses } from './domain';
import { DatabaseId } from './ids';
import { ColumnMappingRequest } from './importColumnMappings';
import {
  confirmImportRequestExample,
  createImportRequestExample,
  importExamples,
  legacyImportStatusExample,
  pricelistImportExample,
  pricelistMetadataExample,
} from './importExamples';

/**
 * An import and its lists. The schemas of its summary, its column mapping and its corrections
 * live beside it and are re-exported here, so `#contract/imports` names them all.
 */
export * from './importColumnMappings';
export * from './importCorrections';
export { importExamples } from './importExamples';
export * from './importSummary';

export const ImportTypeSchema = z.enum(importTypes);
export const ImportStatusSchema = z.enum(importStatuses);

export const GeneralPricelistMetadata = z
  .object({
    parent: DatabaseId,
    id: DatabaseId,
    number: z.string().optional(),
  })
  .meta({ examples: [pricelistMetadataExample] });
export type GeneralPricelistMetadata = z.infer<typeof GeneralPricelistMetadata>;

/** The `request` part of the multipart upload. */
export const CreateImportRequest = z
  .object({
    type: ImportTypeSchema,
    metadata: z.object({ parent: DatabaseId, id: DatabaseId }),
    columnMapping: ColumnMappingRequest.optional(),
  })
  .meta({ examples: [createImportRequestExample] });
export type CreateImportRequest = z.infer<typeof CreateImportRequest>;

export const Import = z
  .object({
    id: DatabaseId,
    type: ImportTypeSchema,
    status: ImportStatusSchema,
    created: z.string(),
    importStarted: z.string().nullable(),
    imported: z.string().nullable(),
    fileName: z.string(),
    importedBy: z.object({ id: DatabaseId, fullName: z.string() }),
    metadata: GeneralPricelistMetadata,
    /**
     * Only for VALIDATION_ERROR and IMPORT_ERROR when the file itself was refused (a zip bomb, a
     * DOCTYPE, a truncated file…): why, in Swedish, for the supplier. Absent for internal failures.
     */
    failureReason: z.string().optional(),
    /** An applied import that was undone ("Ångra inläsning"): when, and by whom. */
    undone: z.object({ at: z.string(), byFullName: z.string() }).optional(),
    /**
     * Only when one import is read: whether it is its price list's latest applied import, not yet
     * undone, so the summary offers "Ångra inläsning" (the undo still refuses if the price list has
     * changed since).
     */
    undoable: z.boolean().optional(),
    /**
     * When the import was validated again on its own because its price list changed after its
     * validation (another import applied or undone): why, when the list changed (null when not
     * known), and the sentence the summary shows. A confirm applies only what the latest summary
     * shows. Gone when the import gets a new file.
     */
    revalidated: z
      .object({
        cause: z.enum(revalidationCauses),
        changedAt: z.string().nullable(),
        message: z.string(),
      })
      .optional(),
  })
  .meta({ examples: [importExamples.pending, importExamples.validated, importExamples.applied] });
export type Import = z.infer<typeof Import>;

export const ImportListResponse = z.object({ imports: z.array(Import) });

/** An import in a price list's history: with what it changed, when its summary has counts. */
export const PricelistImport = Import.extend({
  counts: z
    .object({ added: z.number().int(), updated: z.number().int(), removed: z.number().int() })
    .nullable(),
}).meta({ examples: [pricelistImportExample] });
export type PricelistImport = z.infer<typeof PricelistImport>;
export const PricelistImportsResponse = z.object({ imports: z.array(PricelistImport) });
export type PricelistImportsResponse = z.infer<typeof PricelistImportsResponse>;
export type ImportListResponse = z.infer<typeof ImportListResponse>;
export const ImportResponse = z.object({ importObject: Import });
export type ImportResponse = z.infer<typeof ImportResponse>;

/** Legacy import status of docs/product.md, "Data the shell shows". */
export const LegacyImportStatus = z
  .object({
    uniqueId: z.string(),
    readStatus: z.number().int(),
    importStartDate: z.string().nullable(),
    importEndDate: z.string().nullable(),
    fileName: z.string(),
  })
  .meta({ examples: [legacyImportStatusExample] });
export type LegacyImportStatus = z.infer<typeof LegacyImportStatus>;

/** `POST …/confirm`: the acknowledgement a risky import needs (the id of the risks it was shown). */
export const ConfirmImportRequest = z
  .object({ acknowledgedRiskId: z.string().max(100).optional() })
  .meta({ examples: [confirmImportRequestExample] });
export type ConfirmImportRequest = z.infer<typeof ConfirmImportRequest>;

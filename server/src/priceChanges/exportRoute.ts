import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import {
  MAX_EXPORTED_PRICE_CHANGES,
  type PriceChangeRowKind,
  PriceChangesExportQuery,
  priceChangeKindLabels,
  priceListColumnHeaderOf,
} from '#contract';
import type { AppDeps } from '../appDeps';
import { badRequest } from '../errors';
import { reserveRequestWorker } from '../http/requestWorker';
import { apiTags, errors, XLSX_CONTENT_TYPE, xlsxFile } from '../openapi/routeDocs';
import { buildPriceChangesWorkbook, type PriceChangeSheetRow } from '../pricelistFile';
import { requirePriceChangeReader } from './access';
import { selectChanges } from './entries';
import { readEntryRows } from './entryRows';

export const exportTexts = {
  badQuery:
    'En parameter i frågan är fel: organizationId ska vara ett id-nummer, from och to datum som 2026-11-30.',
  tooMany: (rows: number) =>
    `Perioden har ${rows.toLocaleString('sv-SE')} ändrade rader, fler än ${MAX_EXPORTED_PRICE_CHANGES.toLocaleString('sv-SE')} som ryms i en fil. Välj en kortare period eller en leverantör.`,
  rows: { ADDED: 'Tillagd', UPDATED: 'Ändrad', REMOVED: 'Borttagen' } satisfies Record<
    PriceChangeRowKind,
    string
  >,
} as const;

const dateTime = new Intl.DateTimeFormat('sv-SE', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Stockholm',
});

/** "Ladda ner som Excel" on the page "Prisändringar": every changed row of the period, oldest first. */
export function priceChangesExportRoute(api: FastifyInstance, { db, workerPool }: AppDeps) {
  api.withTypeProvider<ZodTypeProvider>().get(
    '/pricelists/changes/export',
    {
      config: { apiKey: true, openapi: { querystring: PriceChangesExportQuery } },
      schema: {
        summary: 'Prisändringarna under en period som Excel-fil',
        description: `Alla ändrade rader i inlästa och ångrade inläsningar under perioden (from och to, dagar i svensk tid), äldst först: tid, leverantör, prislista, fil, artikelnummer, raden tillagd, ändrad eller borttagen, priset före och efter och vilka andra fält som ändrades. Högst ${MAX_EXPORTED_PRICE_CHANGES.toLocaleString('sv-SE')} rader; fler ger 400 med besked om att välja en kortare period. Samma behörighet som ändringsflödet.`,
        tags: [apiTags.pricelists],
        response: {
          200: xlsxFile('Prisändringarna.'),
          ...errors(
            [400, 'En parameter är fel, eller perioden har för många ändrade rader (BAD_REQUEST).'],
            401,
            [403, 'Användaren får inte läsa prisändringar (FORBIDDEN).'],
            [404, 'organizationId är en annan organisations, för en leverantör (NOT_FOUND).'],
          ),
        },
      },
    },
    async (request, reply) => {
      const scopeOf = requirePriceChangeReader(request);
      const query = PriceChangesExportQuery.safeParse(request.query);
      if (!query.success) throw badRequest(exportTexts.badQuery);
      const { from, to } = query.data;
      const chosen = selectChanges(db, { ...scopeOf(query.data.organizationId), from, to });
      // Counted first, in the database: a period too large is refused before any entry is read.
      const counted = await chosen
        .clearSelect()
        .select(sql<string>`coalesce(sum(c.added + c.updated + c.removed), 0)`.as('total'))
        .executeTakeFirstOrThrow();
      const total = Number(counted.total);
      if (total > MAX_EXPORTED_PRICE_CHANGES) throw badRequest(exportTexts.tooMany(total));
      const entries = await chosen.orderBy('c.position').execute();

      const rows: PriceChangeSheetRow[] = [];
      for (const entry of entries) {
        const counts = { added: entry.added, updated: entry.updated, removed: entry.removed };
        const changed = await readEntryRows(
          db,
          { kind: entry.kind, importId: entry.import_id, counts },
          0,
          counts.added + counts.updated + counts.removed,
        );
        for (const row of changed) {
          const others =
            row.before && row.after
              ? (Object.keys(row.after) as (keyof typeof row.after)[])
                  .filter(
                    (field) =>
                      field !== 'price' &&
                      field !== 'articleNumber' &&
                      row.before![field] !== row.after![field],
                  )
                  .map((field) => priceListColumnHeaderOf[field])
                  .join(', ')
              : '';
          rows.push({
            changedAt: dateTime.format(new Date(entry.changed_at)),
            supplier: entry.organization_name,
            organizationNumber: entry.organization_number,
            pricelist: entry.number,
            kind: priceChangeKindLabels[entry.kind],
            fileName: entry.file_name,
            articleNumber: row.articleNumber,
            change: exportTexts.rows[row.change],
            priceBefore: row.before?.price ?? null,
            priceAfter: row.after?.price ?? null,
            otherChanges: others === '' ? null : others,
          });
        }
      }
      const worker = await reserveRequestWorker({ workerPool });
      try {
        const workbook = await buildPriceChangesWorkbook(rows, worker);
        const name = `Prisändringar${from ? ` från ${from}` : ''}${to ? ` till ${to}` : ''}.xlsx`;
        return (reply as FastifyReply)
          .header('content-type', XLSX_CONTENT_TYPE)
          .header(
            'content-disposition',
            `attachment; filename="Prisandringar.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
          )
          .header('cache-control', 'no-store')
          .send(workbook);
      } finally {
        worker.release();
      }
    },
  );
}

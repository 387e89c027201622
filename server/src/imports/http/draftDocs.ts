import { CorrectionDraftResponse } from '#contract';
import { apiTags, errors, json, noContent } from '../../openapi/routeDocs';

const tags = [apiTags.imports];

const noAccess = [
  404,
  'Organisationen är inte användarens, användaren saknar behörigheten product:create_own, eller inläsningen finns inte eller är en annan organisations (NOT_FOUND).',
] as const;

/**
 * What the draft routes say in the OpenAPI document (docs/api-imports.md, "Drafts"; decision
 * 0043): a round of corrections being typed, kept per import and user.
 */
export const draftRouteDocs = {
  getDraft: {
    summary: 'Utkastet till nästa omgång rättelser',
    description:
      'Den inloggade användarens utkast för inläsningen: rättelserna, raderna som tas bort och ”Sätt alla till …” och ”Ta bort alla rader med det här felet” som skrivits men inte skickats med ”Validera igen”. Bara det som fortfarande hör till ett fel i den senaste valideringen kommer med; resten räknas i dropped. draft är null när användaren inte har något utkast, eller när inläsningen inte kan rättas nu.',
    tags,
    response: { 200: json('Utkastet.', CorrectionDraftResponse), ...errors(noAccess) },
  },
  saveDraft: {
    summary: 'Spara utkastet till nästa omgång rättelser',
    description:
      'Ersätter användarens utkast för inläsningen med kroppen (samma form som en omgång rättelser, utan basedOn); ett tomt utkast tas bort. Sidan sparar det en stund efter varje ändring. ”Validera igen” tar bort användarens utkast, en ny fil eller en ny kolumnkoppling allas. Bara i VALIDATION_FAIL med valideringsfel, högst CORRECTIONS_MAX_ERRORS (1 000) fel.',
    tags,
    response: {
      204: noContent('Sparat.'),
      ...errors(
        [
          400,
          'Kroppen har fel form, samma cell, rad eller kolumn och regel finns två gånger, eller en text har ett tecken som inte kan sparas (BAD_REQUEST).',
        ],
        noAccess,
        [409, 'Inläsningen har inga valideringsfel att rätta här nu (CONFLICT); ingenting sparas.'],
      ),
    },
  },
};

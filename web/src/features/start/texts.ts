import { formatCount } from '../../ui/format';

/** The start page: what the user has to handle, information and news. */
export const startTexts = {
  welcome: (firstName: string) => `Välkommen ${firstName}`,
  toHandle: 'Att hantera',
  tasks: 'Ärenden',
  information: 'Information',
  news: 'Nyheter',
  noTasks: 'Du har inga ärenden att hantera.',
  noInformation: 'Du har ingen ny information.',
  handleTasks: 'HANTERA ÄRENDEN',
  title: 'Start',
  loadingCounts: 'Hämtar ärenden och information …',
  countsFailed: 'Det gick inte att hämta alla ärenden och all information. Försök igen senare.',
  newsFailed: 'Det gick inte att hämta nyheterna. Försök igen senare.',
  /** One sentence per count of docs/product.md, "Roles and permissions"; the number decides singular or plural. */
  counts: {
    emptyPricelists: (n: number) =>
      n === 1 ? 'Du har 1 prislista utan rader.' : `Du har ${formatCount(n)} prislistor utan rader.`,
    declined: (n: number) =>
      n === 1 ? '1 prislista har avböjda rader.' : `${formatCount(n)} prislistor har avböjda rader.`,
    newOrChanged: (n: number) =>
      n === 1
        ? '1 prislista har nya eller ändrade avtalsrader.'
        : `${formatCount(n)} prislistor har nya eller ändrade avtalsrader.`,
    pendingApprovalTask: (n: number) =>
      n === 1 ? 'Du har 1 prislista att godkänna.' : `Du har ${formatCount(n)} prislistor att godkänna.`,
    pendingInactivation: (n: number) =>
      n === 1
        ? '1 prislista väntar på inaktivering.'
        : `${formatCount(n)} prislistor väntar på inaktivering.`,
    agreementsToExtend: (n: number) =>
      n === 1 ? 'Du har 1 avtal att förlänga.' : `Du har ${formatCount(n)} avtal att förlänga.`,
    agreementsChangedByCustomer: (n: number) =>
      n === 1 ? '1 avtal har ändrats av kunden.' : `${formatCount(n)} avtal har ändrats av kunden.`,
    pendingApprovalInformation: (n: number) =>
      n === 1
        ? '1 prislista väntar på kundens godkännande.'
        : `${formatCount(n)} prislistor väntar på kundens godkännande.`,
    pricelistRowsApprovedByCustomer: (n: number) =>
      n === 1
        ? '1 prislisterad har godkänts av kunden.'
        : `${formatCount(n)} prislisterader har godkänts av kunden.`,
    articlesChanged: (n: number) =>
      n === 1
        ? '1 artikel har ändrats av leverantören.'
        : `${formatCount(n)} artiklar har ändrats av leverantörerna.`,
    articlesDiscontinued: (n: number) =>
      n === 1 ? '1 artikel i ditt utbud har utgått.' : `${formatCount(n)} artiklar i ditt utbud har utgått.`,
  },
} as const;

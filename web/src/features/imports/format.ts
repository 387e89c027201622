export { formatDateTime, formatLongDate } from '../../ui/format';

import { importTexts } from './texts';

/** "Sammanfattning: prislista.xlsx" once the import is known, so tabs and history tell summaries apart. */
export const summaryTitle = (fileName: string | undefined) =>
  fileName ? `${importTexts.summary}: ${fileName}` : importTexts.summary;

export { formatDateTime } from '../../ui/format';

import { sv } from '../../ui/text/sv';

/** "Sammanfattning: prislista.xlsx" once the import is known, so tabs and history tell summaries apart. */
export const summaryTitle = (fileName: string | undefined) =>
  fileName ? `${sv.imports.summary}: ${fileName}` : sv.imports.summary;

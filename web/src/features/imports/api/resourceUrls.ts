import { API_BASE_URL } from '../../../api/api';

/** Where the files behind the API live; plain links download them with the session cookie. */
export const resourceUrls = {
  template: (organizationId: number, pricelistId?: number | null) =>
    `${API_BASE_URL}imports/${organizationId}/template?type=GENERAL_PRICELIST${
      pricelistId ? `&pricelistId=${pricelistId}` : ''
    }`,
  validationErrorsExcel: (organizationId: number, importId: number) =>
    `${API_BASE_URL}imports/${organizationId}/${importId}/validation-errors/excel`,
  changesExcel: (organizationId: number, importId: number) =>
    `${API_BASE_URL}imports/${organizationId}/${importId}/changes/excel`,
  /** The supplier's own workbook with the corrected cells written in. */
  correctedFile: (organizationId: number, importId: number) =>
    `${API_BASE_URL}imports/${organizationId}/${importId}/corrected-file`,
  create: (organizationId: number) => `${API_BASE_URL}imports/${organizationId}`,
  replace: (organizationId: number, importId: number) =>
    `${API_BASE_URL}imports/${organizationId}/${importId}`,
};

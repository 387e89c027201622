import type { CreateImportRequest, Import, ImportResponse } from '#contract/imports';
import { apiFailureOfText } from '../../api/apiError';

export interface UploadRequest {
  url: string;
  file: File;
  /** The `request` part of a new import; a replaced file sends the file only. */
  request?: CreateImportRequest;
}

export type UploadOutcome =
  | { ok: true; importObject: Import | null }
  | { ok: false; status: number; reason: string | null };

export type UploadFile = (
  request: UploadRequest,
  onProgress: (percent: number) => void,
) => Promise<UploadOutcome>;

/** The server's Swedish reason, when it sends one (e.g. 413 and 415). */
const reasonOf = (status: number, responseText: string): string | null =>
  apiFailureOfText(status, responseText).message ?? null;

/** The created or replaced import the server answers with (contract's ImportResponse), if it could be read. */
function importOf(responseText: string): Import | null {
  try {
    const body: Partial<ImportResponse> = JSON.parse(responseText);
    return body.importObject ?? null;
  } catch {
    return null;
  }
}

/**
 * Sends the file with XMLHttpRequest, because fetch reports no upload progress
 * (docs/product.md, "Calls": "upload progress tracked"). Never rejects: failures are an outcome.
 */
export const uploadImportFile: UploadFile = ({ url, file, request }, onProgress) =>
  new Promise((resolve) => {
    const form = new FormData();
    if (request) form.append('request', JSON.stringify(request));
    form.append('file', file, file.name);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300)
        resolve({ ok: true, importObject: importOf(xhr.responseText) });
      else resolve({ ok: false, status: xhr.status, reason: reasonOf(xhr.status, xhr.responseText) });
    });
    xhr.addEventListener('error', () => resolve({ ok: false, status: 0, reason: null }));
    xhr.addEventListener('abort', () => resolve({ ok: false, status: 0, reason: null }));
    xhr.send(form);
  });

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_CHARITIES_API, ADMIN_CHARITY_IMPORT_API, type CharityDirectory, type CharityImportReport } from '../../../shared/donation-hub.schemas.js';
import { ApiRequestError } from '../../lib/api.js';

// Keys start with the URL, as the default loader expects.
export const charityDirectoryKeys = {
  all: [ADMIN_CHARITIES_API] as const,
};

/** GET /api/admin/charities: the directory's counts and its last imports. */
export function useCharityDirectory() {
  return useQuery<CharityDirectory>({ queryKey: charityDirectoryKeys.all });
}

/** What an upload is doing: sending the files (with the share sent), then waiting while the server imports them. */
export type UploadProgress = { stage: 'sending'; fraction: number } | { stage: 'importing' };

/**
 * POST /api/admin/charities/import: the IRS extract's CSV files in one multipart request. Sent with
 * XMLHttpRequest, because fetch reports no upload progress; fails with the error apiRequest throws,
 * so readApiError and the 401 handler read it alike.
 */
export function uploadCharityFiles(files: readonly File[], onProgress: (progress: UploadProgress) => void): Promise<CharityImportReport> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', ADMIN_CHARITY_IMPORT_API);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress({ stage: 'sending', fraction: event.loaded / event.total });
    };
    // Every byte is sent; the rows are read and stored before the answer comes.
    request.upload.onload = () => onProgress({ stage: 'importing' });
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(JSON.parse(request.responseText) as CharityImportReport);
      else reject(new ApiRequestError(request.status, request.statusText, request.responseText));
    };
    request.onerror = () => reject(new Error('The upload did not reach the server. Check your connection and try again.'));
    request.send(form);
  });
}

/** The import; the counts and the list of imports are read again afterwards, after a failure too (part may have gone in). */
export function useImportCharities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, onProgress }: { files: readonly File[]; onProgress: (progress: UploadProgress) => void }) => uploadCharityFiles(files, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: charityDirectoryKeys.all }),
  });
}

/** Only the extract's CSV files: the server refuses anything else. */
export const isCsvFile = (name: string) => /\.csv$/i.test(name);

// Multipart uploads with progress (fetch reports none): one file in one form field, the session's token, and the
// same errors as every other call (toApiError; a 401 logs out). Backup files and plugin packages go through it.
import { apiBaseUrl } from './client';
import { NetworkError, toApiError } from './errors';
import { handleUnauthorized } from '../app/auth';
import { getSession } from '../app/session';

export interface UploadOptions {
  /** the form field that carries the file, as the official console names it */
  field: string;
  timeoutMs: number;
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
}

/** POSTs `file` to `/api/v5${path}`, reporting progress 0–100; resolves on a 2xx answer */
export function uploadFile(path: string, file: File, { field, timeoutMs, onProgress, signal }: UploadOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBaseUrl()}${path}`);
    xhr.timeout = timeoutMs;
    const token = getSession()?.token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.floor((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      const err = toApiError(xhr.status, body, xhr.statusText);
      if (xhr.status === 401) handleUnauthorized(err.code ?? '');
      reject(err);
    };
    xhr.onerror = () => reject(new NetworkError(new Error('upload failed')));
    xhr.ontimeout = () => reject(new NetworkError(new Error('upload timed out')));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    const form = new FormData();
    form.append(field, file, file.name);
    xhr.send(form);
  });
}

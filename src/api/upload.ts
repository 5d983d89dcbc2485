/**
 * A file's raw bytes POSTed to an upload call (application/octet-stream), reporting progress 0..1;
 * the server's text on refusal, the spec's upload text when the network fails. XHR rather than fetch: only XHR tells how much of the body has gone.
 * Used by her shots, album and premium videos.
 */
import { Errno, Messages } from '../../protocol/errors';
import { MailMessages } from '../../protocol/mail/mail';
import { ApiError, callUrl } from './client';

export function uploadWithProgress<T>(
  path: string,
  file: Blob,
  onProgress: (fraction: number) => void = () => undefined,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', callUrl(path, Date.now()));
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    const network = () =>
      reject(new ApiError(-1, navigator.onLine ? MailMessages.network : Messages.offline, true));
    xhr.onerror = network;
    xhr.onload = () => {
      let answer: { errno: number; errmsg: string; data: T };
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        reject(new ApiError(Errno.SERVER_ERROR, Messages.serverError));
        return;
      }
      if (answer.errno !== 0) reject(new ApiError(answer.errno, answer.errmsg || Messages.serverError));
      else resolve(answer.data);
    };
    xhr.send(file);
  });
}

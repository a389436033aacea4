/** Bytes sent so far of one request body, as XMLHttpRequest reports them. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** `fetchOptions` an operation may pass in its context to follow its upload. */
export interface ProgressFetchOptions {
  onUploadProgress?: (progress: UploadProgress) => void;
}

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const index = line.indexOf(':');
    if (index > 0) headers.append(line.slice(0, index).trim(), line.slice(index + 1).trim());
  }
  return headers;
}

/**
 * fetch() cannot report upload progress, so a request whose options carry `onUploadProgress` goes through
 * XMLHttpRequest instead; every other request uses the given fetch untouched.
 */
export function createProgressFetch(fallback: typeof fetch): typeof fetch {
  return (input, init) => {
    const onUploadProgress = (init as (RequestInit & ProgressFetchOptions) | undefined)?.onUploadProgress;
    if (!onUploadProgress || typeof XMLHttpRequest === 'undefined') return fallback(input, init);
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init?.method ?? 'POST', typeof input === 'string' || input instanceof URL ? String(input) : input.url);
      new Headers(init?.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) =>
        onUploadProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
      xhr.onload = () =>
        resolve(
          new Response(xhr.responseText, {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: parseHeaders(xhr.getAllResponseHeaders()),
          }),
        );
      xhr.onerror = () => reject(new TypeError('Falha de rede durante o envio.'));
      xhr.ontimeout = xhr.onerror;
      const signal = init?.signal;
      if (signal) {
        if (signal.aborted) return reject(new DOMException('Envio cancelado.', 'AbortError'));
        signal.addEventListener(
          'abort',
          () => {
            xhr.abort();
            reject(new DOMException('Envio cancelado.', 'AbortError'));
          },
          { once: true },
        );
      }
      xhr.send((init?.body ?? null) as XMLHttpRequestBodyInit | null);
    });
  };
}

import { apiHref } from '../files/api-href';
import { PAINEL_API_PATHS } from './api-paths';
import { staffToken } from './session';

export interface AuditExportFilter {
  readonly actor?: string;
  readonly action?: string;
  readonly object?: string;
  readonly from?: string;
  readonly to?: string;
}

export type AuditExportResult = { ok: true } | { ok: false; status: number; message: string };

/**
 * Downloads the filtered trail as CSV: the file comes from the API with the staff token in a header (a plain link
 * could not carry it), then the browser saves it under the name the API gives.
 */
export async function downloadAuditCsv(filter: AuditExportFilter): Promise<AuditExportResult> {
  const query = new URLSearchParams(
    Object.entries(filter).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
  const token = staffToken();
  let response: Response;
  try {
    response = await fetch(`${apiHref(PAINEL_API_PATHS.auditCsv)}?${query}`, {
      headers: { 'apollo-require-preflight': 'true', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    return {
      ok: false,
      status: 0,
      message: 'Não foi possível falar com o clube. Verifique sua conexão e tente de novo.',
    };
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { errors?: { message?: string }[] } | null;
    return { ok: false, status: response.status, message: body?.errors?.[0]?.message ?? 'Não foi possível exportar.' };
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'auditoria.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
  return { ok: true };
}

import { apiHref } from '../files/api-href';
import { PAINEL_API_PATHS } from '@/common/painel/api-paths';
import { staffToken } from './session';

export interface AuditExportFilter {
  readonly actor?: string;
  readonly action?: string;
  readonly object?: string;
  readonly from?: string;
  readonly to?: string;
}

export type CsvDownloadResult = { ok: true } | { ok: false; status: number; message: string };

/** The filtered audit trail as CSV (admin). */
export const downloadAuditCsv = (filter: AuditExportFilter): Promise<CsvDownloadResult> =>
  downloadPainelCsv(
    PAINEL_API_PATHS.auditCsv,
    new URLSearchParams(
      Object.entries(filter).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
      ),
    ).toString(),
    'auditoria.csv',
  );

/** The invoice queue as CSV with the filters of the queue's address (`search`, as queueSearch gives it). */
export const downloadInvoiceQueueCsv = (search: string): Promise<CsvDownloadResult> =>
  downloadPainelCsv(PAINEL_API_PATHS.invoicesCsv, search.replace(/^\?/, ''), 'notas.csv');

/** The reward orders of one situation (every open one without) as CSV. */
export const downloadRewardOrdersCsv = (status: string): Promise<CsvDownloadResult> =>
  downloadPainelCsv(
    PAINEL_API_PATHS.rewardOrdersCsv,
    status ? new URLSearchParams({ status }).toString() : '',
    'resgates.csv',
  );

/**
 * Downloads a painel CSV: the file comes from the API with the staff token in a header (a plain link could not carry
 * it), then the browser saves it under the name the API gives.
 */
async function downloadPainelCsv(path: string, query: string, fallbackName: string): Promise<CsvDownloadResult> {
  const token = staffToken();
  let response: Response;
  try {
    response = await fetch(`${apiHref(path)}${query ? `?${query}` : ''}`, {
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
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
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

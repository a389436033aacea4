// The automatic review's staff-only reasons (invoices.review_reason), as the painel and the terminal show them.
import { proofOfReason } from './nfe-trust/verify-nfe';

/** review_reason keeps each reason in pt-BR, joined by this. */
export const HOLD_REASON_SEPARATOR = '; ';

export const holdReasonsOf = (reviewReason: string | null): string[] =>
  (reviewReason ?? '').split(HOLD_REASON_SEPARATOR).filter((reason) => reason !== '');

/** One risk signal per reason: which proof of the NF-e failed, or which ceiling held it. */
export function holdSignals(reviewReason: string | null): { kind: string; message: string; invoiceId: null }[] {
  return holdReasonsOf(reviewReason).map((reason) => {
    const proof = proofOfReason(reason);
    if (proof === 'issuer')
      return { kind: 'ISSUER_SIGNATURE', message: `Prova 1, assinatura do emitente: ${reason}.`, invoiceId: null };
    if (proof === 'authorisation')
      return { kind: 'SEFAZ_AUTHORISATION', message: `Prova 2, autorização da SEFAZ: ${reason}.`, invoiceId: null };
    return { kind: 'AUTO_APPROVAL_LIMIT', message: `Aprovação automática: ${reason}.`, invoiceId: null };
  });
}

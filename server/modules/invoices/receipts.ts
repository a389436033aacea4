import type { Db, InvoiceRow } from '../../db/schema';
import { notify, type ReceiptMail } from '../notifications';
import { invoiceLabel } from './review';

/*
 * The receipt of an invoice the waiting queue sent (kept on the device without signal, sent when the club answered):
 * the member was not watching it go. The inbox notice is written in the send's transaction, the e-mail after its
 * commit; its review (approved, refused) is told as every review is.
 */

export async function receivedNoticeIn(trx: Db, invoice: InvoiceRow, now: Date): Promise<void> {
  await notify(trx, { type: 'invoice-received', userId: invoice.user_id, label: invoiceLabel(invoice) }, now);
}

/** The e-mail of that receipt, sent after the send's commit (`emailReceipt`). */
export const receivedMail = (invoice: InvoiceRow, publicUrl: string): ReceiptMail => ({
  subject: 'Sua nota fiscal foi enviada',
  text: `Sua ${invoiceLabel(invoice)}, guardada no aparelho enquanto não havia sinal, foi enviada ao clube e está em análise.\n\nAcompanhe em ${publicUrl}/minhas-nfs`,
});

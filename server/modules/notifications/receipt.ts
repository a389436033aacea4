import type { Messenger } from '../../adapters/messenger';
import type { Db } from '../../db/schema';
import { findUserById } from '../users';

export interface ReceiptMail {
  /** Without the "Clube: " prefix every message of the club's carries. */
  readonly subject: string;
  readonly text: string;
}

export type ReceiptDeps = { readonly db: Db; readonly messenger: Messenger };

/**
 * E-mails a member the receipt of what they just did (a redemption, a cancellation, a transfer, an invoice that
 * waited for signal), after the change is committed: its inbox notice was written in the change's transaction, so
 * a mail service that fails here leaves the change and the notice standing, as the operator's moves do.
 */
export async function emailReceipt(deps: ReceiptDeps, userId: number, mail: ReceiptMail): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user?.email) return;
  await deps.messenger.sendEmail(user.email, `Clube: ${mail.subject}`, mail.text).catch(() => undefined);
}

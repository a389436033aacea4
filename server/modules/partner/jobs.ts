import type { AppConfig } from '../../config';
import type { Db } from '../../db/schema';
import type { ScheduledJob } from '../../jobs/scheduler';
import { CALLBACK_WINDOW_SECONDS, PartnerUnavailableError } from '../../adapters/points-partner';
import { apiRouteTable } from '../../http/api-routes';
import * as repo from './repository';
import { TRANSFER_RULES } from '../../../common/partner/rules';
import { partnerOf } from './service';
import { settleTransfer } from './settle';

const MINUTE_MS = 60_000;
/** A transfer still waiting this long is asked about (a lost callback is found before the deadline). */
export const ASK_AFTER_MS = 15 * MINUTE_MS;
const BATCH = 100;

export const timeoutReason = () =>
  `O programa parceiro não confirmou em ${TRANSFER_RULES.answerWithinHours} horas; os pontos voltaram para você.`;

/**
 * Every waiting transfer older than ASK_AFTER_MS: the partner is asked how it stands (the embedded default always
 * says "waiting"), a confirmation or refusal settles it, one the partner never got is sent again under the same
 * number, and past the deadline anything still unsettled is refunded. Returns how many were settled.
 */
export async function settleWaitingTransfers(db: Db, config: AppConfig, now: Date): Promise<number> {
  const partner = partnerOf(config);
  const deadline = new Date(now.getTime() - TRANSFER_RULES.answerWithinHours * 60 * MINUTE_MS).toISOString();
  let settled = 0;
  const waiting = await repo.waitingSince(db, new Date(now.getTime() - ASK_AFTER_MS).toISOString(), BATCH);
  for (const transfer of waiting) {
    const due = transfer.created_at < deadline;
    let answer = null;
    try {
      answer = partner.embedded ? null : await partner.status(String(transfer.id));
      if (answer?.status === 'not_found' && !due) {
        answer = await partner.transfer({
          transferId: String(transfer.id),
          accountId: transfer.account_id,
          points: transfer.partner_points,
          clubPoints: transfer.points,
          callbackUrl: `${config.publicUrl}${apiRouteTable.partnerCallback.path}`,
        });
      }
    } catch (error) {
      if (!(error instanceof PartnerUnavailableError)) throw error;
    }
    if (answer?.status === 'confirmed') {
      await settleTransfer(db, transfer.id, { kind: 'confirmed', reference: answer.reference }, 'parceiro', now);
    } else if (answer?.status === 'refused') {
      const reason = answer.reason ?? 'Recusada pelo programa parceiro.';
      await settleTransfer(db, transfer.id, { kind: 'refused', reason }, 'parceiro', now);
    } else if (due) {
      await settleTransfer(db, transfer.id, { kind: 'refused', reason: timeoutReason() }, 'prazo', now);
    } else {
      continue;
    }
    settled += 1;
  }
  await repo.forgetCallbacksBefore(db, new Date(now.getTime() - 2 * CALLBACK_WINDOW_SECONDS * 1000).toISOString());
  return settled;
}

export const partnerTransfersJob = (db: Db, config: AppConfig): ScheduledJob => ({
  name: 'partner-transfers',
  everyMs: 5 * MINUTE_MS,
  run: () => settleWaitingTransfers(db, config, new Date(config.now())),
});

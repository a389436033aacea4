'use client';
import type { RefObject } from 'react';
import { formatPoints } from '@/common/format/numbers';
import type { ApprovalChoice, Decision } from './use-decision';
import { KeyedItemsEditor } from './keyed-items-editor';
import { ManualPointsFields, type ManualPoints } from './manual-points';
import type { KeyedItems } from './use-keyed-items';

/**
 * What an approval of an invoice without XML credits now: the keyed lines' points by the rules, or an admin's points
 * with their reason; else why it cannot go yet (no line, the points still being computed), said on screen.
 */
export function keyedApprovalChoice(keyed: KeyedItems, manual: ManualPoints, focusProduct: () => void): ApprovalChoice {
  if (manual.open) {
    const given = manual.check();
    return given ? { points: given.points } : { problem: null };
  }
  const blocker = keyed.blocker();
  if (blocker) return { problem: blocker, focus: keyed.lines.length === 0 ? focusProduct : undefined };
  return { points: keyed.preview?.total ?? 0 };
}

/** The approval's variables for the choice made: the keyed lines, or the admin's points and reason. */
export const keyedApprovalInput = (keyed: KeyedItems, manual: ManualPoints, points: number) =>
  manual.open ? { points, reason: manual.reason.trim() } : { items: keyed.items() };

/**
 * The approval of a photo or a PDF: the "Itens da marca" editor, an admin's "Definir pontos manualmente", and the
 * approve button (key a), which says what it will credit.
 */
export function KeyedApproval({
  decision,
  keyed,
  manual,
  admin,
  mine,
  productField,
}: {
  decision: Decision;
  keyed: KeyedItems;
  manual: ManualPoints;
  admin: boolean;
  mine: boolean;
  productField: RefObject<HTMLInputElement | null>;
}) {
  const total = keyed.preview?.total;
  const says = manual.open
    ? 'Aprova com os pontos definidos à mão; o motivo fica na auditoria.'
    : keyed.lines.length === 0
      ? 'Para aprovar, adicione pelo menos um item da marca.'
      : total === undefined
        ? 'Aguarde o cálculo dos pontos dos itens.'
        : `Aprova com ${formatPoints(total)} pontos dos itens da marca.`;
  return (
    <>
      {!manual.open && <KeyedItemsEditor keyed={keyed} disabled={!mine} productField={productField} />}
      {admin && <ManualPointsFields manual={manual} disabled={!mine} />}
      <form onSubmit={(event) => void decision.approve(event)} aria-label="Aprovar" className="keyed-approval">
        <p className="field__hint">{says}</p>
        <button
          type="submit"
          className="button button--primary"
          disabled={!mine || decision.busy}
          aria-keyshortcuts="a"
        >
          {decision.pending === 'approve' ? 'Aprovando…' : 'Aprovar'}
        </button>
      </form>
    </>
  );
}

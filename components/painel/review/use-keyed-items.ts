'use client';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import { KEYED_MESSAGES, PAINEL_KEYED_ITEMS_MAX } from '@/lib/painel/keyed-items';
import { QStaffPreviewKeyedItems, type QStaffPreviewKeyedItemsQuery } from '@/lib/painel/operations';
import { painelRequest } from '@/lib/painel/request';

/** Wait after the last change before the points are asked again, so typing sends one preview. */
export const KEYED_PREVIEW_DELAY_MS = 400;

/** One keyed line: the product's GTIN, the quantity (a decimal with a point) and the value paid in cents. */
export interface KeyedLine {
  key: number;
  gtin: string;
  /** The catalogue's name when it was picked from the list; the preview names it otherwise. */
  name: string | null;
  quantity: string;
  valueCents: number;
}

export type KeyedPreview = QStaffPreviewKeyedItemsQuery['staffPreviewKeyedItems'];

export type KeyedItems = ReturnType<typeof useKeyedItems>;

/**
 * The lines a reviewer keys from a photo, and what the earning rules give them: each change asks the API's preview
 * again after KEYED_PREVIEW_DELAY_MS; an answer that arrives after a newer change is dropped. `ready` only while the
 * preview shown is the one of the lines shown.
 */
export function useKeyedItems(invoiceId: string) {
  const [lines, setLines] = useState<KeyedLine[]>([]);
  const [preview, setPreview] = useState<{ of: KeyedLine[]; answer: KeyedPreview } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const nextKey = useRef(1);

  useEffect(() => {
    setProblem(null);
    if (lines.length === 0) {
      setPreview(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      const items = lines.map(({ gtin, quantity, valueCents }) => ({ gtin, quantity, valueCents }));
      painelRequest(QStaffPreviewKeyedItems, { invoiceId, items })
        .then((answer) => current && setPreview({ of: lines, answer: answer.staffPreviewKeyedItems }))
        .catch((failure: unknown) => current && setProblem(errorMessage(failure as never)));
    }, KEYED_PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [invoiceId, lines]);

  const ready = preview !== null && preview.of === lines;
  return {
    lines,
    /** The points of each line (by position) and the total, when the preview is the lines' own. */
    preview: ready ? preview.answer : null,
    pending: lines.length > 0 && !ready && problem === null,
    problem,
    full: lines.length >= PAINEL_KEYED_ITEMS_MAX,
    add(line: Omit<KeyedLine, 'key'>) {
      if (lines.length >= PAINEL_KEYED_ITEMS_MAX) return false;
      setLines([...lines, { ...line, key: nextKey.current++ }]);
      return true;
    },
    remove(key: number) {
      setLines(lines.filter((line) => line.key !== key));
    },
    /** The lines as the approval sends them. */
    items: () => lines.map(({ gtin, quantity, valueCents }) => ({ gtin, quantity, valueCents })),
    /** Why an approval by these lines cannot go now; null when it can. */
    blocker(): string | null {
      if (lines.length === 0) return KEYED_MESSAGES.none;
      if (problem) return KEYED_MESSAGES.previewFailed;
      return ready ? null : KEYED_MESSAGES.waiting;
    },
  };
}

import { queueDraftOf, queueSearch } from '@/common/painel/invoice-queue';

/** The queue's filters the page's own address carries (in the browser only). */
export const queueSearchHere = () => queueSearch(queueDraftOf(window.location.search));

/**
 * What a decision on a selection did, in one sentence: "2 notas recusadas." and, for each one left, its number and
 * why ("Nota #9: Esta nota já foi analisada."). `words` is what happened to one and to several.
 */
export function bulkSentence(
  result: { done: readonly string[]; skipped: readonly { id: string; message: string }[] },
  words: { one: string; many: string },
): string {
  const done = result.done.length;
  const head =
    done === 0 ? 'Nenhuma nota mudou.' : done === 1 ? `1 nota ${words.one}.` : `${done} notas ${words.many}.`;
  return [head, ...result.skipped.map((s) => `Nota #${s.id}: ${s.message}`)].join(' ');
}

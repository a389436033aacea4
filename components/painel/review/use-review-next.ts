'use client';
import { useState } from 'react';
import { errorMessage } from '@/lib/apollo/errors';

/**
 * "Próxima" of a review: `find` asks the queue for the next free item; it opens with `go`, or the page says there is
 * none (`none`) or why the queue did not answer.
 */
export function useReviewNext(find: () => Promise<string | null>, go: (next: string) => void, none: string) {
  const [problem, setProblem] = useState<string | null>(null);
  const run = async () => {
    setProblem(null);
    try {
      const next = await find();
      if (next) go(next);
      else setProblem(none);
    } catch (failure) {
      setProblem(errorMessage(failure as never));
    }
  };
  return { run: () => void run(), problem };
}

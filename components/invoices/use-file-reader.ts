'use client';
import { useCallback, useState } from 'react';
import { pickFiles, type PickResult } from '@/lib/invoices/pick-files';

/**
 * Reads picked files (type sniffing, NF-e XML parsing) and says while it does: the forms keep their send button
 * disabled meanwhile, so a tap right after choosing a file never sends the form as it was before the file arrived.
 * `apply` runs in the same update as the end of reading, so the button comes back only with the files in place.
 */
export function useFileReader(): {
  reading: boolean;
  read: (current: number, picked: File[], apply: (result: PickResult) => void) => Promise<void>;
} {
  const [reading, setReading] = useState(false);
  const read = useCallback(async (current: number, picked: File[], apply: (result: PickResult) => void) => {
    setReading(true);
    try {
      apply(await pickFiles(current, picked));
    } finally {
      setReading(false);
    }
  }, []);
  return { reading, read };
}

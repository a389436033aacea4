'use client';
import { useState } from 'react';
import type { CsvDownloadResult } from '@/lib/painel/csv-download';

/**
 * "Exportar CSV" of a painel list: the button, and the pt-BR problem to show where the list shows its own (the file
 * is saved by the browser; a refusal or no signal is said on the page).
 */
export function useCsvExport(download: () => Promise<CsvDownloadResult>) {
  const [exporting, setExporting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async () => {
    setExporting(true);
    setProblem(null);
    const result = await download();
    setExporting(false);
    if (!result.ok) setProblem(result.message);
  };
  const button = (
    <button type="button" className="button button--secondary" onClick={() => void run()} disabled={exporting}>
      {exporting ? 'Exportando…' : 'Exportar CSV'}
    </button>
  );
  return { button, problem };
}

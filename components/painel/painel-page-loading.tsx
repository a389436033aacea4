import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import { FormAlert } from '../ui/form-alert';
import { Spinner } from '../ui/spinner';

/** A painel page whose item has not come yet: its title, and the spinner or why the item did not come. */
export function PainelPageLoading({
  title,
  loadingLabel,
  error,
  before,
}: {
  title: string;
  loadingLabel: string;
  error: Error | undefined;
  /** What stands above the title (a link back). */
  before?: ReactNode;
}) {
  return (
    <div className="painel-page">
      {before}
      <h1>{title}</h1>
      {error ? <FormAlert message={errorMessage(error as never)} /> : <Spinner label={loadingLabel} />}
    </div>
  );
}

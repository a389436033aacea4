import { Spinner } from '../ui/spinner';

/** Shown for the moment the private gate confirms the e-mail and moves on (see use-email-confirmation). */
export function ConfirmEmailScreen() {
  return (
    <section className="card card--narrow" aria-labelledby="page-title">
      <h1 id="page-title">Confirmando seu e-mail</h1>
      <Spinner />
    </section>
  );
}

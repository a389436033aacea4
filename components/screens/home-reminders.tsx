'use client';
import { useQuery } from '@apollo/client/react';
import { IntentLink } from '../ui/intent-link';
import { formatDate } from '@/lib/format/dates';
import { formatPoints } from '@/lib/format/numbers';
import { QHomeReminders } from '@/lib/home/operations';
import { expiryReminder } from '@/lib/home/reminders';
import { routes } from '@/lib/routes';
import { useRemembered } from '@/lib/session/use-remembered';

/** "2026-12-08" (a São Paulo day) as 08/12. */
const dayMonth = (day: string) => formatDate(`${day}T15:00:00.000Z`).slice(0, 5);

/**
 * What needs the member now, above everything else on home: points about to expire, invoices waiting for the club,
 * and for a new member the first step. Nothing shows while it loads or if it fails: home works without it.
 */
export function HomeReminders() {
  const { data } = useQuery(QHomeReminders, { fetchPolicy: 'cache-and-network' });
  const reminders = useRemembered('homeReminders', data);
  if (!reminders) return null;
  const expiry = expiryReminder(reminders.pointsSummary.expiring);
  const { total, waiting } = reminders.myInvoiceCounts;
  if (!expiry && waiting === 0 && total > 0) return null;
  return (
    <section className="home-reminders" aria-label="Avisos">
      {total === 0 && (
        <div className="home-reminders__first">
          <h2>Envie sua primeira nota</h2>
          <p>
            Cada nota fiscal de produtos da marca vira pontos. É só ler o código da nota com a câmera ou tirar uma foto.
          </p>
          <IntentLink className="button button--primary" href={routes.invoices()}>
            Enviar minha primeira nota
          </IntentLink>
        </div>
      )}
      {(expiry || waiting > 0) && (
        <ul className="home-reminders__list">
          {expiry && (
            <li className="home-reminders__item home-reminders__item--warning">
              <span>
                <strong>{formatPoints(expiry.first.points)} pontos</strong> vencem em {dayMonth(expiry.first.date)}
                {expiry.later && ` e mais ${formatPoints(expiry.later.points)} até ${dayMonth(expiry.later.until)}`}.
              </span>
              <IntentLink href={routes.history()}>Ver pontos a vencer</IntentLink>
            </li>
          )}
          {waiting > 0 && (
            <li className="home-reminders__item">
              <span>
                <strong>{waiting === 1 ? '1 nota' : `${waiting} notas`}</strong> em análise.
              </span>
              <IntentLink href={routes.invoices()}>Acompanhar {waiting === 1 ? 'nota' : 'notas'}</IntentLink>
            </li>
          )}
        </ul>
      )}
    </section>
  );
}

'use client';
import { useQuery } from '@apollo/client/react';
import { useIdle } from '@/lib/browser/use-idle';
import { useMemo } from 'react';
import { IntentLink } from '../ui/intent-link';
import { QHomeReminders } from '@/lib/home/operations';
import { reminderRows, type ReminderRow } from '@/lib/home/reminder-rows';
import { useRemembered } from '@/lib/session/use-remembered';

/**
 * Home's reminders: last visit's at once for a returning member, then the network's. Null only while a first visit
 * (nothing remembered on this device) waits for them; none when they cannot load, since home works without them.
 */
export function useHomeReminderRows(): ReminderRow[] | null {
  // Started in the first idle moment, not with the page's mount: the device's copy shows meanwhile.
  const idle = useIdle();
  const { data, error } = useQuery(QHomeReminders, { fetchPolicy: 'cache-and-network', skip: !idle });
  // A part of its own: what an earlier version kept under "homeReminders" has no refusals in it.
  const reminders = useRemembered('homeRemindersV2', data);
  return useMemo(() => (reminders ? reminderRows(reminders) : error ? [] : null), [reminders, error]);
}

/**
 * What needs the member now, above the shortcuts: points about to expire, refused invoices and projects with the
 * reason's first words and the button that acts on them, what waits for the club, and a new member's first step.
 * While a first visit waits for them, one row's room is kept.
 */
export function HomeReminders({ rows }: { rows: ReminderRow[] | null }) {
  if (rows === null) return <div className="home-reminders home-reminders--pending" aria-hidden="true" />;
  if (rows.length === 0) return null;
  return (
    <section className="home-reminders" aria-label="Avisos">
      <ul className="home-reminders__list">
        {rows.map((row) => (
          <li key={row.key} className={`home-reminders__item home-reminders__item--${row.tone}`}>
            <p className="home-reminders__title">{row.title}</p>
            {row.detail && <p className="home-reminders__detail">{row.detail}</p>}
            <IntentLink
              className={`button ${row.tone === 'waiting' ? 'button--ghost' : 'button--primary'} home-reminders__action`}
              href={row.action.href}
            >
              {row.action.label}
            </IntentLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

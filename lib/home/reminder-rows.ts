import { formatPoints } from '@/common/format/numbers';
import { fixProjectHref } from '../routing/fix-project-href';
import { routes } from '@/common/routes';
import type { QHomeRemindersQuery } from './operations.generated';
import { expiryReminder } from '@/common/home/reminders';

/** `needs-member`: only the member can move it on; `waiting`: it waits for the club, the member may follow it. */
export type ReminderTone = 'expiry' | 'needs-member' | 'waiting';

export interface ReminderRow {
  key: string;
  tone: ReminderTone;
  title: string;
  /** The refusal reason's first words, the project's title or what comes next; null when the title says it all. */
  detail: string | null;
  action: { href: string; label: string };
}

/** "2026-12-08" (a São Paulo day) as 08/12. */
const dayMonth = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

const plural = (count: number, one: string, many: string) => (count === 1 ? one : `${count} ${many}`);

/**
 * Home's reminders, what needs the member first: points about to expire, refused invoices and projects (each with
 * the reason's first words and the button that acts on it), then what waits for the club. A new member, who has
 * sent nothing yet, is shown the first step. One row per kind: a single item opens itself, several open their list.
 */
export function reminderRows(data: QHomeRemindersQuery, now: Date | number = Date.now()): ReminderRow[] {
  const rows: ReminderRow[] = [];
  const invoices = data.myInvoiceCounts;
  const projects = data.myProjectCounts;

  const expiry = expiryReminder(data.pointsSummary.expiring, now);
  if (expiry) {
    rows.push({
      key: 'expiry',
      tone: 'expiry',
      title: `${formatPoints(expiry.first.points)} pontos vencem em ${dayMonth(expiry.first.date)}`,
      detail: expiry.later ? `E mais ${formatPoints(expiry.later.points)} até ${dayMonth(expiry.later.until)}.` : null,
      action: { href: routes.rewards(), label: 'Trocar pontos' },
    });
  }

  const [refusedInvoice] = data.myRefusedInvoices;
  if (invoices.refused > 0 && refusedInvoice) {
    const one = invoices.refused === 1;
    rows.push({
      key: 'refused-invoices',
      tone: 'needs-member',
      title: one ? 'Nota fiscal recusada' : `${invoices.refused} notas fiscais recusadas`,
      detail: refusedInvoice.reasonStart,
      // The list opens a refused invoice with its resend form; the anchor scrolls to the one named.
      action: { href: one ? `${routes.invoices()}#nf-${refusedInvoice.id}` : routes.invoices(), label: 'Reenviar' },
    });
  }

  const refusedProject = data.myOpenProjects.find((p) => p.status === 'REJECTED');
  if (projects.refused > 0 && refusedProject) {
    const one = projects.refused === 1;
    rows.push({
      key: 'refused-projects',
      tone: 'needs-member',
      title: one ? 'Projeto recusado' : `${projects.refused} projetos recusados`,
      detail: refusedProject.reasonStart,
      action: one
        ? { href: fixProjectHref(refusedProject.id), label: 'Corrigir' }
        : { href: routes.projects(), label: 'Ver projetos' },
    });
  }

  if (invoices.total === 0) {
    rows.push({
      key: 'first-invoice',
      tone: 'needs-member',
      title: 'Envie sua primeira nota',
      detail: 'Cada nota fiscal de produtos da marca vira pontos.',
      action: { href: routes.invoices(), label: 'Enviar nota' },
    });
  }

  if (invoices.waiting > 0) {
    rows.push({
      key: 'waiting-invoices',
      tone: 'waiting',
      title: `${plural(invoices.waiting, '1 nota fiscal', 'notas fiscais')} em análise`,
      detail: null,
      action: { href: routes.invoices(), label: 'Acompanhar' },
    });
  }

  const waitingProject = data.myOpenProjects.find((p) => p.status !== 'REJECTED');
  if (projects.waiting > 0 && waitingProject) {
    const one = projects.waiting === 1;
    rows.push({
      key: 'waiting-projects',
      tone: 'waiting',
      title: one ? 'Projeto em análise' : `${projects.waiting} projetos em análise`,
      detail: one ? waitingProject.title : null,
      action: one
        ? { href: routes.project({ projectId: waitingProject.id }), label: 'Ver projeto' }
        : { href: routes.projects(), label: 'Ver projetos' },
    });
  }
  return rows;
}

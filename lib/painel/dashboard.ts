import { PAINEL_SECTIONS, canOpen } from './sections';
import type { StaffRole } from '@/common/painel/roles';

/** The painel home's words for each queue the API counts, and the section that works it. */
const QUEUE_INFO: Record<string, { label: string; noun: [string, string]; section: string }> = {
  invoices: { label: 'Notas fiscais em análise', noun: ['nota', 'notas'], section: 'painelInvoices' },
  projects: { label: 'Projetos em análise', noun: ['projeto', 'projetos'], section: 'painelProjects' },
  rewardOrders: { label: 'Resgates a separar ou enviar', noun: ['resgate', 'resgates'], section: 'painelRewards' },
  partnerTransfers: {
    label: 'Transferências sem resposta do parceiro',
    noun: ['transferência', 'transferências'],
    section: 'painelRewards',
  },
};

export interface QueueView {
  readonly label: string;
  /** "3 notas", "nenhuma" … */
  readonly waitingText: string;
  /** Where the person works it, when their roles open it. */
  readonly href: string | null;
}

export function queueView(kind: string, waiting: number, roles: readonly StaffRole[]): QueueView {
  const info = QUEUE_INFO[kind] ?? { label: kind, noun: ['item', 'itens'], section: '' };
  const section = PAINEL_SECTIONS.find((s) => (s.route as string) === info.section);
  return {
    label: info.label,
    waitingText: waiting === 0 ? 'Nada esperando' : `${waiting} ${waiting === 1 ? info.noun[0] : info.noun[1]}`,
    href: section && canOpen(section, roles) ? section.href : null,
  };
}

/** "1 dia útil", "4 dias úteis", "menos de 1 dia útil". */
export const businessDaysText = (days: number): string =>
  days === 0 ? 'menos de 1 dia útil' : `${days} ${days === 1 ? 'dia útil' : 'dias úteis'}`;

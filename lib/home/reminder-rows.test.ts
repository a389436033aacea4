import type { QHomeRemindersQuery } from './operations.generated';
import { reminderRows } from './reminder-rows';

const NOW = Date.parse('2026-11-24T15:00:00.000Z');

type Project = QHomeRemindersQuery['myOpenProjects'][number];

function data(parts: {
  expiring?: { date: string; points: number }[];
  invoices?: { total: number; waiting: number; refused: number };
  refusedInvoices?: { id: string; reasonStart: string }[];
  projects?: Project[];
}): QHomeRemindersQuery {
  const projects = parts.projects ?? [];
  return {
    pointsSummary: { expiring: parts.expiring ?? [] },
    myInvoiceCounts: parts.invoices ?? { total: 3, waiting: 0, refused: 0 },
    myRefusedInvoices: parts.refusedInvoices ?? [],
    myProjectCounts: {
      refused: projects.filter((p) => p.status === 'REJECTED').length,
      waiting: projects.filter((p) => p.status !== 'REJECTED').length,
    },
    myOpenProjects: projects,
  };
}

const rowsOf = (d: QHomeRemindersQuery) =>
  reminderRows(d, NOW).map((r) => [r.title, r.detail, r.action.label, r.action.href]);

describe('reminderRows', () => {
  it('puts what needs the member first, each with the reason’s first words and the button that acts on it', () => {
    expect(
      rowsOf(
        data({
          expiring: [
            { date: '2026-12-08', points: 30 },
            { date: '2026-12-20', points: 1200 },
          ],
          invoices: { total: 7, waiting: 1, refused: 1 },
          refusedInvoices: [{ id: '41', reasonStart: 'A foto cortou a chave de acesso. Envie a nota inteira, bem…' }],
          projects: [
            { id: '8', title: 'Dormitório de casal', status: 'REJECTED', reasonStart: 'As fotos não mostram…' },
            { id: '9', title: 'Home office com nicho em nogueira', status: 'IN_REVIEW', reasonStart: null },
          ],
        }),
      ),
    ).toEqual([
      ['30 pontos vencem em 08/12', 'E mais 1.200 até 20/12.', 'Trocar pontos', '/premios'],
      [
        'Nota fiscal recusada',
        'A foto cortou a chave de acesso. Envie a nota inteira, bem…',
        'Reenviar',
        '/minhas-nfs#nf-41',
      ],
      ['Projeto recusado', 'As fotos não mostram…', 'Corrigir', '/enviar-projeto?corrigir=8'],
      ['1 nota fiscal em análise', null, 'Acompanhar', '/minhas-nfs'],
      ['Projeto em análise', 'Home office com nicho em nogueira', 'Ver projeto', '/projetos/9'],
    ]);
  });

  it('makes one row of several refusals or projects in review, opening their list', () => {
    expect(
      rowsOf(
        data({
          invoices: { total: 9, waiting: 3, refused: 2 },
          refusedInvoices: [
            { id: '52', reasonStart: 'Nota de outro CPF.' },
            { id: '41', reasonStart: 'Foto ilegível.' },
          ],
          projects: [
            { id: '8', title: 'Dormitório', status: 'REJECTED', reasonStart: 'Fotos escuras.' },
            { id: '7', title: 'Cozinha', status: 'REJECTED', reasonStart: 'Sem produtos da marca.' },
            { id: '9', title: 'Home office', status: 'RECEIVED', reasonStart: null },
            { id: '6', title: 'Lavanderia', status: 'IN_REVIEW', reasonStart: null },
          ],
        }),
      ),
    ).toEqual([
      ['2 notas fiscais recusadas', 'Nota de outro CPF.', 'Reenviar', '/minhas-nfs'],
      ['2 projetos recusados', 'Fotos escuras.', 'Ver projetos', '/projetos'],
      ['3 notas fiscais em análise', null, 'Acompanhar', '/minhas-nfs'],
      ['2 projetos em análise', null, 'Ver projetos', '/projetos'],
    ]);
  });

  it('shows a new member the first step, and nothing when nothing waits', () => {
    expect(rowsOf(data({ invoices: { total: 0, waiting: 0, refused: 0 } }))).toEqual([
      ['Envie sua primeira nota', 'Cada nota fiscal de produtos da marca vira pontos.', 'Enviar nota', '/minhas-nfs'],
    ]);
    expect(rowsOf(data({ expiring: [{ date: '2027-02-01', points: 500 }] }))).toEqual([]);
  });
});

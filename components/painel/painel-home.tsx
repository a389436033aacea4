'use client';
import Link from 'next/link';
import { errorMessage } from '@/lib/apollo/errors';
import { formatDateTime } from '@/common/format/dates';
import { formatPoints } from '@/common/format/numbers';
import { businessDaysText, queueView } from '@/lib/painel/dashboard';
import { QStaffDashboard, type QStaffDashboardQuery } from '@/lib/painel/operations';
import { ROLE_INFO } from '@/common/painel/roles';
import { sectionsFor } from '@/lib/painel/sections';
import { FormAlert } from '../ui/form-alert';
import { Spinner } from '../ui/spinner';
import { DailyBarsChart, SIGN_UPS } from './daily-bars-chart';
import { LargeApprovalsPanel } from './large-approvals-panel';
import { useStaff } from './staff-context';
import { usePainelQuery } from './use-painel-query';

type Dashboard = QStaffDashboardQuery['staffDashboard'];

const MONTH_NAME = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** "2026-11" → "novembro de 2026". */
const monthName = (month: string) => MONTH_NAME.format(new Date(`${month}-15T12:00:00Z`));

/**
 * The painel's home: what waits on the club and for how long against the rule book's deadline, today's approvals,
 * the month's points and what the club owes in balances, sign-ups per day; then the person's roles and sections.
 */
export function PainelHome() {
  const staff = useStaff();
  const sections = sectionsFor(staff.roles).filter((section) => section.route !== 'painelHome');
  const query = usePainelQuery(QStaffDashboard, { variables: {} });
  const dashboard = query.data?.staffDashboard;
  return (
    <div className="painel-page">
      <h1>Olá, {staff.name.split(' ')[0]}</h1>
      <p className="muted">Este é o painel da equipe do Clube do Marceneiro.</p>
      <FormAlert message={query.error ? errorMessage(query.error as never) : null} />
      {!dashboard && query.loading && <Spinner label="Carregando os números do clube…" />}
      {dashboard && <Figures dashboard={dashboard} roles={staff.roles} />}
      <LargeApprovalsPanel roles={staff.roles} />
      <section aria-labelledby="painel-secoes">
        <h2 id="painel-secoes">O que você pode abrir</h2>
        {sections.length === 0 ? (
          <p>As telas das suas funções ainda não estão no painel: o trabalho continua pelos comandos do terminal.</p>
        ) : (
          <ul className="painel-sections">
            {sections.map((section) => (
              <li key={section.route}>
                <Link href={section.href} prefetch={false} className="painel-sections__link">
                  {section.label}
                </Link>
                <p className="muted">{section.description}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="painel-funcoes">
        <h2 id="painel-funcoes">Suas funções</h2>
        <ul className="painel-roles">
          {staff.roles.map((role) => (
            <li key={role}>
              <strong>{ROLE_INFO[role].label}</strong>
              <span className="muted">{ROLE_INFO[role].covers}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function Figures({ dashboard, roles }: { dashboard: Dashboard; roles: Parameters<typeof queueView>[2] }) {
  const deadline = businessDaysText(dashboard.deadlineBusinessDays);
  return (
    <>
      <section aria-labelledby="painel-espera">
        <h2 id="painel-espera">O que espera a equipe</h2>
        <p className="muted">O regulamento dá até {deadline} para cada análise.</p>
        <div className="painel-table-wrap">
          <table className="painel-table">
            <thead>
              <tr>
                <th scope="col">Fila</th>
                <th scope="col">Esperando</th>
                <th scope="col">A mais antiga</th>
                <th scope="col">Prazo</th>
              </tr>
            </thead>
            <tbody>
              {dashboard.queues.map((q) => {
                const view = queueView(q.kind, q.waiting, roles);
                return (
                  <tr key={q.kind}>
                    <th scope="row">{view.href ? <Link href={view.href}>{view.label}</Link> : view.label}</th>
                    <td>
                      {view.waitingText}
                      {q.held > 0 && <span className="painel-table__sub">{q.held} retido(s) para análise</span>}
                    </td>
                    <td>
                      {q.oldestAt && q.oldestBusinessDays !== null ? (
                        <>
                          {businessDaysText(q.oldestBusinessDays)}
                          <span className="painel-table__sub">desde {formatDateTime(q.oldestAt)}</span>
                        </>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td>
                      {q.late > 0 ? (
                        <span className="painel-status painel-status--disabled">{q.late} fora do prazo</span>
                      ) : (
                        <span className="painel-status painel-status--active">No prazo</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>

      <div className="painel-home-grid">
        <section aria-labelledby="painel-aprovacoes" className="card">
          <h2 id="painel-aprovacoes">Aprovações de hoje</h2>
          <p>
            {dashboard.approvedTodayInvoices} {dashboard.approvedTodayInvoices === 1 ? 'nota' : 'notas'} e{' '}
            {dashboard.approvedTodayProjects} {dashboard.approvedTodayProjects === 1 ? 'projeto' : 'projetos'} aprovados
            hoje, pelo painel e pelo terminal.
          </p>
          {dashboard.approvalsToday.length === 0 ? (
            <p className="muted">Ninguém aprovou pelo painel hoje.</p>
          ) : (
            <table className="painel-table">
              <caption className="visually-hidden">Aprovações de hoje por pessoa da equipe</caption>
              <thead>
                <tr>
                  <th scope="col">Pessoa</th>
                  <th scope="col">Notas</th>
                  <th scope="col">Projetos</th>
                </tr>
              </thead>
              <tbody>
                {dashboard.approvalsToday.map((r) => (
                  <tr key={r.name}>
                    <th scope="row">{r.name}</th>
                    <td>{r.invoices}</td>
                    <td>{r.projects}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <section aria-labelledby="painel-pontos" className="card">
          <h2 id="painel-pontos">Pontos em {monthName(dashboard.points.month)}</h2>
          <dl className="painel-figures">
            <div>
              <dt>Creditados</dt>
              <dd>{formatPoints(dashboard.points.credited)}</dd>
            </div>
            <div>
              <dt>Usados em prêmios e transferências</dt>
              <dd>{formatPoints(dashboard.points.spent)}</dd>
            </div>
            <div>
              <dt>Vencidos</dt>
              <dd>{formatPoints(dashboard.points.expired)}</dd>
            </div>
            <div>
              <dt>Saldo dos membros hoje (o que o clube deve)</dt>
              <dd>{formatPoints(dashboard.points.outstanding)}</dd>
            </div>
          </dl>
        </section>
      </div>

      <section aria-labelledby="painel-cadastros">
        <h2 id="painel-cadastros">Cadastros por dia</h2>
        <DailyBarsChart title="Cadastros por dia nos últimos 30 dias" rows={dashboard.signUps} unit={SIGN_UPS} />
      </section>
    </>
  );
}

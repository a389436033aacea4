'use client';
import Link from 'next/link';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import { formatDate, formatDateTime } from '@/lib/format/dates';
import { formatCents, formatPoints, formatSignedPoints } from '@/lib/format/numbers';
import { actionLabel } from '@/lib/painel/audit-labels';
import {
  ACCOUNT_TYPE_LABELS,
  INVOICE_STATUS_LABELS,
  LEDGER_KIND_LABELS,
  MStaffMemberAccountType,
  MStaffMemberChatbot,
  MStaffMemberConsent,
  MStaffMemberEndSessions,
  MStaffMemberRequirePasswordChange,
  MStaffMemberSetDisabled,
  ORDER_STATUS_LABELS,
  PROJECT_STATUS_LABELS,
  QStaffMember,
  QStaffMemberLedger,
  REASON_MAX,
  CONSENT_MAX,
  switchesFor,
  switchProblem,
  type StaffMemberDetailFieldsFragment,
  type SwitchKind,
} from '@/lib/painel/members';
import { painelRequest } from '@/lib/painel/request';
import { routes } from '@/lib/routes';
import { FieldFrame } from '../ui/field-frame';
import { FormAlert } from '../ui/form-alert';
import { PainelTable } from './painel-table';
import { Spinner } from '../ui/spinner';
import { usePainelQuery } from './use-painel-query';

const LEDGER_PAGE = 20;

type Member = StaffMemberDetailFieldsFragment;

const yesNo = (value: boolean) => (value ? 'Sim' : 'Não');

/** /painel/membros/ficha?id=… (atendimento): one member's account, what they did, and the support switches. */
export function MemberScreen() {
  const [id, setId] = useState<string | null | undefined>(undefined);
  useEffect(() => setId(new URLSearchParams(window.location.search).get('id')), []);
  if (id === undefined) return <Spinner label="Carregando o membro…" />;
  if (id === null) {
    return (
      <div className="painel-page">
        <h1>Ficha do membro</h1>
        <p>
          Encontre o membro na <Link href={routes.painelMembers()}>busca de membros</Link>.
        </p>
      </div>
    );
  }
  return <MemberLoader id={id} />;
}

function MemberLoader({ id }: { id: string }) {
  const query = usePainelQuery(QStaffMember, { variables: { id } });
  const [member, setMember] = useState<Member | null>(null);
  useEffect(() => {
    if (query.data) setMember(query.data.staffMember);
  }, [query.data]);
  if (!member) {
    return (
      <div className="painel-page">
        <BackLink />
        <h1>Ficha do membro</h1>
        {query.error ? (
          <FormAlert message={errorMessage(query.error as never)} />
        ) : (
          <Spinner label="Carregando o membro…" />
        )}
      </div>
    );
  }
  return <MemberPage member={member} onChanged={setMember} />;
}

function BackLink() {
  return (
    <p className="member-page__back">
      <Link href={routes.painelMembers()} prefetch={false}>
        ← Busca de membros
      </Link>
    </p>
  );
}

function MemberPage({ member, onChanged }: { member: Member; onChanged: (member: Member) => void }) {
  return (
    <div className="painel-page member-page">
      <BackLink />
      <h1>
        {member.name}{' '}
        <span className={`painel-status ${member.disabled ? 'painel-status--disabled' : 'painel-status--active'}`}>
          {member.disabled ? 'Conta desativada' : 'Conta ativa'}
        </span>
      </h1>
      <div className="member-page__top">
        <Account member={member} />
        <Switches member={member} onChanged={onChanged} />
      </div>
      <Sessions member={member} />
      <Activity member={member} />
      <Ledger id={member.id} balance={member.balance} />
      <Changes member={member} />
    </div>
  );
}

function Account({ member }: { member: Member }) {
  return (
    <section aria-labelledby="conta" className="member-page__card">
      <h2 id="conta">Conta</h2>
      <dl className="member-facts">
        <dt>CPF</dt>
        <dd className="member-masked">{member.cpfMasked}</dd>
        <dt>E-mail</dt>
        <dd>
          <span className="member-masked">{member.emailMasked}</span>{' '}
          <span className="muted">{member.emailConfirmed ? '(confirmado)' : '(não confirmado)'}</span>
        </dd>
        <dt>Celular</dt>
        <dd>
          {member.phoneMasked ? (
            <>
              <span className="member-masked">{member.phoneMasked}</span>{' '}
              <span className="muted">{member.phoneVerified ? '(confirmado)' : '(não confirmado)'}</span>
            </>
          ) : (
            '—'
          )}
        </dd>
        <dt>Situação</dt>
        <dd>{member.disabled ? `Desativada em ${formatDateTime(member.disabledAt ?? '')}` : 'Ativa'}</dd>
        <dt>Tipo de conta</dt>
        <dd>{ACCOUNT_TYPE_LABELS[member.accountType] ?? member.accountType}</dd>
        <dt>No clube desde</dt>
        <dd>{formatDate(member.since)}</dd>
        <dt>Último acesso</dt>
        <dd>{member.lastAccessAt ? formatDateTime(member.lastAccessAt) : 'Nunca entrou'}</dd>
        <dt>Consentimento</dt>
        <dd>
          {member.consentPending ? (
            <>
              Pendente: o aviso aparece no próximo acesso
              {member.consentMessage && <span className="member-facts__quote">“{member.consentMessage}”</span>}
            </>
          ) : (
            'Nada pendente'
          )}
        </dd>
        <dt>Notas pelo chatbot</dt>
        <dd>{member.chatbot ? 'Ligado' : 'Desligado'}</dd>
        <dt>Troca de senha exigida</dt>
        <dd>{yesNo(member.changePasswordRequired)}</dd>
        <dt>Loja do cadastro</dt>
        <dd>{member.store ?? '—'}</dd>
        <dt>Saldo</dt>
        <dd>{formatPoints(member.balance)} pontos</dd>
      </dl>
    </section>
  );
}

/** Runs the switch; every answer is the member's page as it now stands. */
async function runSwitch(kind: SwitchKind, id: string, reason: string, message: string): Promise<Member> {
  switch (kind) {
    case 'disable':
    case 'enable':
      return (await painelRequest(MStaffMemberSetDisabled, { id, reason, disabled: kind === 'disable' }))
        .staffMemberSetDisabled;
    case 'end-sessions':
      return (await painelRequest(MStaffMemberEndSessions, { id, reason })).staffMemberEndSessions;
    case 'require-password-change':
      return (await painelRequest(MStaffMemberRequirePasswordChange, { id, reason })).staffMemberRequirePasswordChange;
    case 'consent':
      return (await painelRequest(MStaffMemberConsent, { id, reason, message })).staffMemberConsent;
    case 'chatbot-on':
    case 'chatbot-off':
      return (await painelRequest(MStaffMemberChatbot, { id, reason, on: kind === 'chatbot-on' })).staffMemberChatbot;
    case 'editor':
    case 'member':
      return (await painelRequest(MStaffMemberAccountType, { id, reason, type: kind })).staffMemberAccountType;
  }
}

/** The switches of `npm run members`, one at a time, each with the reason the audit keeps. */
function Switches({ member, onChanged }: { member: Member; onChanged: (member: Member) => void }) {
  const options = switchesFor(member);
  const [kind, setKind] = useState<SwitchKind | ''>('');
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const [failure, setFailure] = useState<Error | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const status = useRef<HTMLParagraphElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const messageField = useRef<HTMLTextAreaElement>(null);
  const firstChoice = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (done) status.current?.focus();
  }, [done]);
  // A switch done is no longer on offer (Desativar becomes Reativar): nothing stays chosen.
  const chosen = options.some((o) => o.kind === kind) ? kind : '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    setFailure(null);
    const found = switchProblem(chosen, reason, message);
    setProblem(found);
    if (found) {
      (found.field === 'kind' ? firstChoice : found.field === 'message' ? messageField : reasonField).current?.focus();
      return;
    }
    setBusy(true);
    try {
      const updated = await runSwitch(chosen as SwitchKind, member.id, reason.trim(), message.trim());
      const option = options.find((o) => o.kind === chosen);
      onChanged(updated);
      setKind('');
      setReason('');
      setMessage('');
      setDone(option?.done ?? 'Feito.');
    } catch (error) {
      setFailure(error as Error);
    } finally {
      setBusy(false);
    }
  };
  const apiFields = fieldErrors(failure as never);
  const fieldError = (name: string) => (problem?.field === name ? problem.message : apiFields[name]);
  const choiceError = fieldError('kind');

  return (
    <section aria-labelledby="atendimento" className="member-page__card">
      <h2 id="atendimento">Mudar a conta</h2>
      {done && (
        <p ref={status} tabIndex={-1} className="alert alert--success" role="status">
          {done}
        </p>
      )}
      <FormAlert message={failure && Object.keys(apiFields).length === 0 ? errorMessage(failure as never) : null} />
      <form onSubmit={(event) => void submit(event)} aria-label="Mudar a conta" noValidate>
        <fieldset className="member-switches" aria-describedby={choiceError ? 'switch-kind-error' : undefined}>
          <legend>O que mudar</legend>
          {options.map((option, index) => (
            <div className="checkbox-field" key={option.kind}>
              <input
                ref={index === 0 ? firstChoice : undefined}
                id={`switch-${option.kind}`}
                type="radio"
                name="switch"
                className="checkbox-field__input"
                value={option.kind}
                checked={chosen === option.kind}
                onChange={() => setKind(option.kind)}
              />
              <label className="checkbox-field__label" htmlFor={`switch-${option.kind}`}>
                {option.label}
              </label>
            </div>
          ))}
          {choiceError && (
            <p className="field__error" id="switch-kind-error">
              {choiceError}
            </p>
          )}
        </fieldset>
        {chosen === 'consent' && (
          <FieldFrame
            label="Mensagem do aviso"
            hint="O membro lê este texto e responde se aceita, no próximo acesso."
            error={fieldError('message')}
          >
            {(control) => (
              <textarea
                ref={messageField}
                className="field__input"
                rows={3}
                maxLength={CONSENT_MAX}
                value={message}
                onChange={(event) => setMessage(event.target.value)}
                {...control}
              />
            )}
          </FieldFrame>
        )}
        <FieldFrame
          label="Motivo"
          hint="Obrigatório. Fica na auditoria com quem fez e o que mudou; o membro não o lê."
          error={fieldError('reason')}
        >
          {(control) => (
            <textarea
              ref={reasonField}
              className="field__input"
              rows={2}
              maxLength={REASON_MAX}
              required
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              {...control}
            />
          )}
        </FieldFrame>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Aplicando…' : 'Aplicar'}
        </button>
      </form>
    </section>
  );
}

function Sessions({ member }: { member: Member }) {
  return (
    <section aria-labelledby="sessoes" className="member-page__section">
      <h2 id="sessoes">Sessões e aparelhos</h2>
      <div className="member-page__pair">
        <div>
          <h3>Sessões ativas</h3>
          {member.sessions.length === 0 ? (
            <p>Nenhuma sessão ativa: o membro precisa entrar de novo em qualquer aparelho.</p>
          ) : (
            <PainelTable
              caption="Sessões ativas, o uso mais recente primeiro"
              columns={['Aparelho', 'Região', 'Entrou em', 'Último uso']}
            >
              {member.sessions.map((session) => (
                <tr key={session.id}>
                  <th scope="row">{session.device}</th>
                  <td>{session.region ?? '—'}</td>
                  <td>{formatDateTime(session.createdAt)}</td>
                  <td>{formatDateTime(session.lastUsedAt)}</td>
                </tr>
              ))}
            </PainelTable>
          )}
        </div>
        <div>
          <h3>Aparelhos vistos</h3>
          {member.devices.length === 0 ? (
            <p>Nenhum aparelho registrado pela proteção de sessão.</p>
          ) : (
            <PainelTable caption="Aparelhos em que o membro foi visto" columns={['Aparelho', 'Visto', 'Sinais']}>
              {member.devices.map((device, index) => (
                <tr key={index}>
                  <th scope="row">
                    {device.device}
                    <span className="painel-table__sub">{device.region ?? 'Região desconhecida'}</span>
                  </th>
                  <td>
                    {formatDate(device.firstSeenAt)} a {formatDate(device.lastSeenAt)}
                  </td>
                  <td>
                    {[
                      ...device.flags,
                      ...(device.otherMembers > 0
                        ? [
                            `usado por mais ${device.otherMembers} ${device.otherMembers === 1 ? 'conta' : 'contas'} em 30 dias`,
                          ]
                        : []),
                    ].join('; ') || '—'}
                  </td>
                </tr>
              ))}
            </PainelTable>
          )}
        </div>
      </div>
    </section>
  );
}

function Activity({ member }: { member: Member }) {
  return (
    <section aria-labelledby="atividade" className="member-page__section">
      <h2 id="atividade">Notas, projetos e resgates</h2>
      <h3>
        Notas fiscais <span className="muted">({member.invoiceCount} no total; as 10 mais recentes)</span>
      </h3>
      {member.invoices.length === 0 ? (
        <p>Nenhuma nota enviada.</p>
      ) : (
        <PainelTable
          caption="Notas fiscais mais recentes"
          columns={['Nota', 'Enviada em', 'Emitente', 'Valor', 'Situação', 'Pontos']}
        >
          {member.invoices.map((invoice) => (
            <tr key={invoice.id}>
              <th scope="row">#{invoice.id}</th>
              <td>{formatDateTime(invoice.createdAt)}</td>
              <td>{invoice.issuer}</td>
              <td>{invoice.totalCents === null ? '—' : formatCents(invoice.totalCents)}</td>
              <td>
                {INVOICE_STATUS_LABELS[invoice.status] ?? invoice.status}
                {invoice.rejectionReason && <span className="painel-table__sub">{invoice.rejectionReason}</span>}
              </td>
              <td>{invoice.points === null ? '—' : formatPoints(invoice.points)}</td>
            </tr>
          ))}
        </PainelTable>
      )}
      <h3>
        Projetos <span className="muted">({member.projectCount} no total; os 10 mais recentes)</span>
      </h3>
      {member.projects.length === 0 ? (
        <p>Nenhum projeto enviado.</p>
      ) : (
        <PainelTable caption="Projetos mais recentes" columns={['Projeto', 'Enviado em', 'Situação', 'Pontos']}>
          {member.projects.map((project) => (
            <tr key={project.id}>
              <th scope="row">
                {project.title}
                <span className="painel-table__sub">#{project.id}</span>
              </th>
              <td>{formatDateTime(project.createdAt)}</td>
              <td>
                {PROJECT_STATUS_LABELS[project.status] ?? project.status}
                {project.rejectionReason && <span className="painel-table__sub">{project.rejectionReason}</span>}
              </td>
              <td>{project.points === null ? '—' : formatPoints(project.points)}</td>
            </tr>
          ))}
        </PainelTable>
      )}
      <h3>
        Resgates <span className="muted">(os 10 mais recentes)</span>
      </h3>
      {member.orders.length === 0 ? (
        <p>Nenhum prêmio resgatado.</p>
      ) : (
        <PainelTable caption="Resgates mais recentes" columns={['Prêmio', 'Pedido em', 'Pontos', 'Situação']}>
          {member.orders.map((order) => (
            <tr key={order.id}>
              <th scope="row">
                {order.reward}
                <span className="painel-table__sub">Pedido #{order.id}</span>
              </th>
              <td>{formatDateTime(order.createdAt)}</td>
              <td>{formatPoints(order.points)}</td>
              <td>
                {ORDER_STATUS_LABELS[order.status] ?? order.status}
                {order.trackingCode && <span className="painel-table__sub">Rastreio {order.trackingCode}</span>}
                {order.cancelReason && <span className="painel-table__sub">{order.cancelReason}</span>}
              </td>
            </tr>
          ))}
        </PainelTable>
      )}
    </section>
  );
}

/** The extract, newest first, a page at a time. */
function Ledger({ id, balance }: { id: string; balance: number }) {
  const query = usePainelQuery(QStaffMemberLedger, { variables: { id, first: LEDGER_PAGE } });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreProblem, setMoreProblem] = useState<Error | null>(null);
  const { data, update, refetch } = query;
  const page = data?.staffMemberLedger;
  // A switch answers a new balance only when points moved meanwhile: read the extract again then.
  const seen = useRef(balance);
  useEffect(() => {
    if (seen.current !== balance) {
      seen.current = balance;
      void refetch();
    }
  }, [balance, refetch]);
  const more = async () => {
    setMoreProblem(null);
    setLoadingMore(true);
    try {
      const next = await painelRequest(QStaffMemberLedger, { id, first: LEDGER_PAGE, after: page?.nextCursor });
      update((previous) => ({
        staffMemberLedger: {
          ...next.staffMemberLedger,
          entries: [...previous.staffMemberLedger.entries, ...next.staffMemberLedger.entries],
        },
      }));
    } catch (problem) {
      setMoreProblem(problem as Error);
    } finally {
      setLoadingMore(false);
    }
  };
  return (
    <section aria-labelledby="extrato" className="member-page__section">
      <h2 id="extrato">
        Extrato de pontos <span className="muted">(saldo {formatPoints(balance)})</span>
      </h2>
      <FormAlert message={query.error || moreProblem ? errorMessage((query.error ?? moreProblem) as never) : null} />
      {!page && query.loading && <Spinner label="Carregando o extrato…" />}
      {page && page.entries.length === 0 && <p>Nenhum lançamento.</p>}
      {page && page.entries.length > 0 && (
        <>
          <PainelTable
            caption="Lançamentos de pontos, o mais recente primeiro"
            columns={['Data', 'Tipo', 'Descrição', { label: 'Pontos', className: 'member-number' }, 'Vence em']}
          >
            {page.entries.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDateTime(entry.createdAt)}</td>
                <td>{LEDGER_KIND_LABELS[entry.kind] ?? entry.kind}</td>
                <th scope="row">{entry.description}</th>
                <td className="member-number">{formatSignedPoints(entry.points)}</td>
                <td>{entry.expiresAt ? formatDate(entry.expiresAt) : '—'}</td>
              </tr>
            ))}
          </PainelTable>
          {page.nextCursor && (
            <button
              type="button"
              className="button button--secondary member-page__more"
              onClick={() => void more()}
              disabled={loadingMore}
            >
              {loadingMore ? 'Carregando…' : 'Mais lançamentos'}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function Changes({ member }: { member: Member }) {
  return (
    <section aria-labelledby="alteracoes" className="member-page__section">
      <h2 id="alteracoes">Últimas mudanças do atendimento</h2>
      {member.changes.length === 0 ? (
        <p>Nenhuma mudança feita pelo atendimento.</p>
      ) : (
        <PainelTable
          caption="Mudanças feitas na conta, a mais recente primeiro"
          columns={['Quando', 'Quem', 'O quê', 'Detalhe']}
        >
          {member.changes.map((change, index) => (
            <tr key={index}>
              <td>{formatDateTime(change.at)}</td>
              <td>{change.actor}</td>
              <th scope="row">{actionLabel(`member.${change.action}`)}</th>
              <td className="painel-table__change">{change.detail ?? '—'}</td>
            </tr>
          ))}
        </PainelTable>
      )}
    </section>
  );
}

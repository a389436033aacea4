'use client';
import { useState } from 'react';
import { formatDateTime } from '@/common/format/dates';
import { QStaffAccounts, type StaffAccountFieldsFragment } from '@/lib/painel/operations';
import { ROLE_INFO } from '@/common/painel/roles';
import { Spinner } from '../ui/spinner';
import { InviteForm } from './invite-form';
import { SetupLinkNotice } from './setup-link-notice';
import { useStaff } from './staff-context';
import { StaffRowActions } from './staff-row-actions';
import { usePainelQuery } from './use-painel-query';

const STATUS = { ACTIVE: 'Ativa', PENDING: 'Aguardando ativação', DISABLED: 'Desativada' } as const;

interface NewLink {
  readonly title: string;
  readonly name: string;
  readonly url: string;
  readonly expiresAt: string;
}

/** /painel/equipe (admin): the team's accounts, invitations and what an admin changes on each. */
export function TeamScreen() {
  const me = useStaff();
  const { data, error, refetch, update } = usePainelQuery(QStaffAccounts, { variables: {} });
  // An account as a change returned it replaces its row.
  const changed = (account: StaffAccountFieldsFragment) =>
    update(({ staffAccounts }) => ({ staffAccounts: staffAccounts.map((a) => (a.id === account.id ? account : a)) }));
  const [link, setLink] = useState<NewLink | null>(null);

  return (
    <div className="painel-page">
      <h1>Equipe</h1>
      <p className="muted">
        Quem trabalha no clube e o que cada função abre. Toda mudança fica registrada na auditoria.
      </p>
      {link && <SetupLinkNotice {...link} />}
      <div className="painel-columns">
        <section aria-labelledby="painel-contas" className="painel-columns__main">
          <h2 id="painel-contas">Contas da equipe</h2>
          {error && !data && (
            <p className="alert alert--error" role="alert">
              Não foi possível carregar a equipe. Tente de novo em instantes.
            </p>
          )}
          {!data && !error && <Spinner label="Carregando a equipe…" />}
          {data && (
            <div className="painel-table-wrap">
              <table className="painel-table">
                <caption className="visually-hidden">Contas da equipe</caption>
                <thead>
                  <tr>
                    <th scope="col">Nome</th>
                    <th scope="col">Funções</th>
                    <th scope="col">Situação</th>
                    <th scope="col">Último acesso</th>
                    <th scope="col">Ações</th>
                  </tr>
                </thead>
                <tbody>
                  {data.staffAccounts.map((account) => (
                    <tr key={account.id}>
                      <th scope="row">
                        {account.name}
                        <span className="painel-table__sub">{account.email}</span>
                      </th>
                      <td>{account.roles.map((role) => ROLE_INFO[role].label).join(', ')}</td>
                      <td>
                        <span className={`painel-status painel-status--${account.status.toLowerCase()}`}>
                          {STATUS[account.status]}
                        </span>
                      </td>
                      <td>{account.lastLoginAt ? formatDateTime(account.lastLoginAt) : 'Nunca entrou'}</td>
                      <td>
                        <StaffRowActions
                          account={account}
                          isSelf={account.id === me.id}
                          onChanged={changed}
                          onNewLink={(invitation) =>
                            setLink({
                              title: `Novo link de ativação de ${invitation.account.name}`,
                              name: invitation.account.name,
                              url: invitation.setupUrl,
                              expiresAt: invitation.expiresAt,
                            })
                          }
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <div className="painel-columns__side">
          <InviteForm
            onInvited={(invitation) => {
              setLink({
                title: `Convite criado para ${invitation.account.name}`,
                name: invitation.account.name,
                url: invitation.setupUrl,
                expiresAt: invitation.expiresAt,
              });
              void refetch();
            }}
          />
        </div>
      </div>
    </div>
  );
}

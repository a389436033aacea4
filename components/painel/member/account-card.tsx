import { formatDate, formatDateTime } from '@/common/format/dates';
import { formatPoints } from '@/common/format/numbers';
import { ACCOUNT_TYPE_LABELS, type StaffMemberDetailFieldsFragment } from '@/lib/painel/members';

const yesNo = (value: boolean) => (value ? 'Sim' : 'Não');

/** "Conta": the member's identifiers (masked), situation, dates, settings and balance. */
export function AccountCard({ member }: { member: StaffMemberDetailFieldsFragment }) {
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

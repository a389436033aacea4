import { formatDate, formatDateTime } from '@/common/format/dates';
import type { StaffMemberDetailFieldsFragment } from '@/lib/painel/members';
import { PainelTable } from '../painel-table';

/** "Sessões e aparelhos": where the member is signed in, and the devices the session guard saw. */
export function SessionsSection({ member }: { member: StaffMemberDetailFieldsFragment }) {
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

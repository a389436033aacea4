'use client';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import { formatDate } from '@/common/format/dates';
import { formatTimeAgo } from '@/common/format/time-ago';
import { MEndOtherSessions, MEndSession, QMySessions } from '@/lib/profile/operations';
import { logout } from '@/lib/session/logout';
import { ListStatus } from '../ui/list-states';
import { Modal } from '../ui/modal';

/**
 * "Aparelhos conectados": every active session of the member, this one first and marked. A phone left logged in at a
 * store counter or a lost phone is ended from here at once, without changing the password. Sessions on the same kind
 * of phone read alike, so each says where (the state, when known), when it was last used and since when it is in.
 */
export function ConnectedDevices() {
  const client = useApolloClient();
  const router = useRouter();
  const { data, loading, error, refetch } = useQuery(QMySessions, { fetchPolicy: 'cache-and-network' });
  const [endOne] = useMutation(MEndSession);
  const [endOthers, { loading: endingOthers }] = useMutation(MEndOtherSessions);
  const [ending, setEnding] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const all = data?.mySessions ?? [];
  const sessions = [...all.filter((s) => s.current), ...all.filter((s) => !s.current)];
  const others = sessions.filter((s) => !s.current);

  const end = async (id: string, current: boolean) => {
    setMessage(null);
    if (current) {
      // Leaving this device asks first: the member would have to log in again with the password.
      setConfirmingLogout(true);
      return;
    }
    setEnding(id);
    try {
      await endOne({ variables: { id } });
      await refetch();
      setMessage({ ok: true, text: 'Sessão encerrada naquele aparelho.' });
    } catch (e) {
      setMessage({ ok: false, text: errorMessage(e as Error) });
    } finally {
      setEnding(null);
    }
  };

  const endAllOthers = async () => {
    setMessage(null);
    try {
      const { data: ended } = await endOthers();
      await refetch();
      const count = ended?.endOtherSessions ?? 0;
      setMessage({
        ok: true,
        text: count === 1 ? '1 outro aparelho foi desconectado.' : `${count} outros aparelhos foram desconectados.`,
      });
    } catch (e) {
      setMessage({ ok: false, text: errorMessage(e as Error) });
    }
  };

  return (
    <div className="form connected-devices">
      <p className="muted">
        Onde sua conta está aberta agora. Se não reconhecer um aparelho, desconecte-o e troque sua senha.
      </p>
      {message && (
        <p className={`alert ${message.ok ? 'alert--ok' : 'alert--error'}`} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      <ListStatus
        error={error && !data ? errorMessage(error) : null}
        loading={loading && !data}
        empty={false}
        loadingLabel="Carregando seus aparelhos"
        emptyText=""
      />
      {sessions.length > 0 && (
        <ul className="connected-devices__list">
          {sessions.map((session) => (
            <li key={session.id} className="connected-devices__item">
              <p className="connected-devices__name">
                <strong>{session.device}</strong>
                {session.current && <span className="status-badge status-badge--approved">Este aparelho</span>}
              </p>
              <p className="muted connected-devices__facts">
                {session.region && <span>{session.region}</span>}
                <span>
                  {session.current ? 'Em uso agora' : `Último uso ${formatTimeAgo(session.lastUsedAt)}`}
                </span>
                <span>Conectado em {formatDate(session.createdAt)}</span>
              </p>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void end(session.id, session.current)}
                disabled={ending === session.id}
                aria-label={session.current ? 'Sair deste aparelho' : `Desconectar ${session.device}`}
              >
                {ending === session.id ? 'Desconectando…' : session.current ? 'Sair deste aparelho' : 'Desconectar'}
              </button>
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <button
          type="button"
          className="button button--secondary button--block"
          onClick={() => void endAllOthers()}
          disabled={endingOthers}
        >
          {endingOthers ? 'Desconectando…' : 'Sair de todos os outros'}
        </button>
      )}
      <Modal open={confirmingLogout} title="Sair deste aparelho?" onClose={() => setConfirmingLogout(false)}>
        <p>Para voltar a usar o clube neste aparelho, você vai precisar entrar de novo com sua senha.</p>
        <div className="form__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => void logout({ client, navigate: (path) => router.replace(path) })}
          >
            Sair
          </button>
          <button type="button" className="button button--secondary" onClick={() => setConfirmingLogout(false)}>
            Continuar conectado
          </button>
        </div>
      </Modal>
    </div>
  );
}

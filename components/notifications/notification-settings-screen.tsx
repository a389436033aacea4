'use client';
import { useApolloClient, useQuery } from '@apollo/client/react';
import Link from 'next/link';
import { useState } from 'react';
import type { NotificationKind } from '@/lib/graphql/generated/graphql';
import { NOTIFICATION_KINDS } from '@/lib/notifications/kinds';
import { MSetNotificationPreference, QNotificationPreferences } from '@/lib/notifications/operations';
import { routes } from '@/lib/routes';
import { Spinner } from '../ui/spinner';
import { DevicePushSection } from './device-push-section';

type Saved = { ok: boolean; text: string };

/** "O que avisar": one switch per kind, each saved the moment it is flipped (back as it was when the save fails). */
function KindSwitches({ enabled }: { enabled: ReadonlyMap<NotificationKind, boolean> }) {
  const client = useApolloClient();
  const [saving, setSaving] = useState<NotificationKind | null>(null);
  const [saved, setSaved] = useState<Saved | null>(null);

  const change = async (kind: NotificationKind, on: boolean, label: string) => {
    setSaving(kind);
    setSaved(null);
    try {
      await client.mutate({
        mutation: MSetNotificationPreference,
        variables: { kind, enabled: on },
        update: (cache, { data }) => {
          const preferences = data?.setNotificationPreference;
          if (!preferences) return;
          cache.updateQuery({ query: QNotificationPreferences }, (shown) =>
            shown ? { ...shown, notificationPreferences: preferences } : shown,
          );
          // "Novidades" is the profile's consent to messages too: the profile reads it again when shown.
          if (kind === 'NEWS') cache.evict({ id: 'ROOT_QUERY', fieldName: 'me' });
        },
      });
      setSaved({ ok: true, text: `${label}: notificações ${on ? 'ligadas' : 'desligadas'}.` });
    } catch {
      setSaved({ ok: false, text: `Não foi possível salvar “${label}”. Verifique a conexão e tente de novo.` });
    } finally {
      setSaving(null);
    }
  };

  return (
    <section className="card" aria-labelledby="kinds-title">
      <h2 id="kinds-title">O que avisar</h2>
      <p className="muted">
        Tudo continua chegando em <Link href={routes.notifications()}>Avisos</Link>; aqui você escolhe o que também vira
        notificação nos seus aparelhos.
      </p>
      <ul className="kind-switches">
        {NOTIFICATION_KINDS.map(({ kind, label, hint }) => (
          <li key={kind}>
            <label className="kind-switch">
              <span className="kind-switch__text">
                <span className="kind-switch__label">{label}</span>
                <span className="kind-switch__hint muted">{hint}</span>
              </span>
              <input
                type="checkbox"
                role="switch"
                className="kind-switch__input"
                checked={enabled.get(kind) ?? false}
                disabled={saving !== null}
                onChange={(event) => void change(kind, event.target.checked, label)}
              />
            </label>
          </li>
        ))}
      </ul>
      <div role="status" aria-live="polite">
        {saved && <p className={saved.ok ? 'alert alert--ok' : 'alert alert--error'}>{saved.text}</p>}
      </div>
    </section>
  );
}

/** /perfil/notificacoes: this device's push, and which kinds of notification the member wants pushed. */
export function NotificationSettingsScreen() {
  const { data, error } = useQuery(QNotificationPreferences, { fetchPolicy: 'cache-and-network' });
  const enabled = new Map((data?.notificationPreferences ?? []).map((p) => [p.kind, p.enabled] as const));

  return (
    <div className="notification-settings">
      <section className="card" aria-labelledby="page-title">
        <header className="projects-screen__header">
          <h1 id="page-title">Notificações</h1>
          <Link className="button button--secondary" href={routes.profile()}>
            Voltar ao perfil
          </Link>
        </header>
      </section>
      {!data && !error && <Spinner label="Carregando suas preferências" />}
      {!data && error && (
        <p className="alert alert--error" role="alert">
          Não foi possível carregar suas preferências. Verifique a conexão e tente de novo.
        </p>
      )}
      {data && (
        <>
          <DevicePushSection pushOn={Boolean(data.pushPublicKey)} />
          <KindSwitches enabled={enabled} />
        </>
      )}
    </div>
  );
}

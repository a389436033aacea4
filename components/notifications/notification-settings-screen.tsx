'use client';
import { useApolloClient, useQuery } from '@apollo/client/react';
import Link from 'next/link';
import { useState } from 'react';
import type { NotificationKind } from '@/lib/graphql/generated/graphql';
import { NOTIFICATION_KINDS } from '@/lib/notifications/kinds';
import { MSetNotificationPreference, QNotificationPreferences } from '@/lib/notifications/operations';
import { usePushBlocked, type PushBlocked } from '@/lib/pwa/use-push-blocked';
import { routes } from '@/common/routes';
import { QMe } from '@/lib/session/operations';
import { Spinner } from '../ui/spinner';
import { DevicePushSection } from './device-push-section';
import { PushBlockedReason } from './push-blocked-reason';

type Saved = { ok: boolean; text: string };

const BLOCKED_REASON_ID = 'push-blocked-reason';

/**
 * "O que avisar": one switch per kind, each saved the moment it is flipped (back as it was when the save fails).
 * Where this browser gets no push (`blocked`), a push-only switch shows off and cannot be flipped, with the reason
 * beside it: the member's stored choice is left alone on the club (their other devices follow it), and shows again
 * here once the browser allows notifications.
 */
function KindSwitches({
  enabled,
  blocked,
}: {
  enabled: ReadonlyMap<NotificationKind, boolean>;
  blocked: PushBlocked | null;
}) {
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
        },
      });
      // "Novidades" is the profile's consent to messages too: `me` is asked again. Not evicted: the private layout
      // watches `me`, and a cache without it would take the whole page back to "Carregando".
      if (kind === 'NEWS') void client.query({ query: QMe, fetchPolicy: 'network-only' }).catch(() => undefined);
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
      {blocked && <PushBlockedReason id={BLOCKED_REASON_ID} blocked={blocked} />}
      <ul className="kind-switches">
        {NOTIFICATION_KINDS.map(({ kind, label, hint, pushOnly }) => {
          const off = blocked !== null && pushOnly;
          return (
            <li key={kind}>
              <label className={off ? 'kind-switch kind-switch--blocked' : 'kind-switch'}>
                <span className="kind-switch__text">
                  <span className="kind-switch__label">{label}</span>
                  <span className="kind-switch__hint muted">{hint}</span>
                </span>
                <input
                  type="checkbox"
                  role="switch"
                  className="kind-switch__input"
                  checked={off ? false : (enabled.get(kind) ?? false)}
                  disabled={off || saving !== null}
                  aria-describedby={off ? BLOCKED_REASON_ID : undefined}
                  onChange={(event) => void change(kind, event.target.checked, label)}
                />
              </label>
            </li>
          );
        })}
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
  const blocked = usePushBlocked();
  const pushOn = Boolean(data?.pushPublicKey);

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
          <DevicePushSection pushOn={pushOn} blocked={blocked} />
          {/* A club that sends no push says so above; the switches are then the member's for when it does. */}
          <KindSwitches enabled={enabled} blocked={pushOn ? blocked : null} />
        </>
      )}
    </div>
  );
}

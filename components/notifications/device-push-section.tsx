'use client';
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useState } from 'react';
import {
  apolloPushApi,
  endPushSubscription,
  readyPushManager,
  syncPushSubscription,
} from '@/lib/pwa/push-subscription';
import { pushSupport, readPushPlatform, type PushSupport } from '@/lib/pwa/push-support';
import { rereadPushPermission, type PushBlocked } from '@/lib/pwa/use-push-blocked';
import { Spinner } from '../ui/spinner';

type DeviceState =
  | { support: Exclude<PushSupport, 'supported'> }
  | { support: 'supported'; permission: NotificationPermission; subscribed: boolean };

async function readDeviceState(): Promise<DeviceState> {
  const support = pushSupport(readPushPlatform());
  if (support !== 'supported') return { support };
  const permission = Notification.permission;
  const pushManager = permission === 'granted' ? await readyPushManager() : null;
  const subscribed = Boolean(await pushManager?.getSubscription());
  return { support, permission, subscribed };
}

function IosSteps() {
  return (
    <>
      <p>
        No iPhone e no iPad, as notificações só chegam com o clube adicionado à Tela de Início (iOS 16.4 ou mais novo).
        Neste navegador elas não podem ser ativadas.
      </p>
      <ol className="device-push__steps">
        <li>
          Toque em <strong>Compartilhar</strong> (o quadrado com a seta para cima).
        </li>
        <li>
          Escolha <strong>Adicionar à Tela de Início</strong> e confirme.
        </li>
        <li>Abra o clube pelo ícone novo e volte a esta página para ativar as notificações.</li>
      </ol>
    </>
  );
}

function Blocked() {
  return (
    <>
      <p>As notificações estão bloqueadas para o clube neste navegador. Para receber:</p>
      <ol className="device-push__steps">
        <li>Toque no cadeado (ou no ícone de informações) ao lado do endereço do site.</li>
        <li>
          Em <strong>Permissões</strong> ou <strong>Configurações do site</strong>, mude <strong>Notificações</strong>{' '}
          para <strong>Permitir</strong>.
        </li>
        <li>Volte a esta página.</li>
      </ol>
      <p className="muted">
        Com o clube instalado como app, a permissão fica nas configurações do celular: Apps → Clube do Marceneiro →
        Notificações.
      </p>
    </>
  );
}

function Unsupported({ support }: { support: Exclude<PushSupport, 'supported'> }) {
  if (support === 'ios-add-to-home') return <IosSteps />;
  if (support === 'ios-update') {
    return <p>Para receber notificações no iPhone ou iPad, atualize o iOS para a versão 16.4 ou mais nova.</p>;
  }
  return (
    <p>Este navegador não recebe notificações. Use o Chrome, o Edge, o Firefox ou o Safari em uma versão recente.</p>
  );
}

/**
 * "Neste aparelho": whether this device gets the club's notifications, and what to do about it. Only the member's
 * tap asks the browser for permission here. `blocked` is what the page knows of the permission: when it changes
 * outside this section (the site's settings), the section reads the device again.
 */
export function DevicePushSection({ pushOn, blocked }: { pushOn: boolean; blocked: PushBlocked | null }) {
  const client = useApolloClient();
  const [state, setState] = useState<DeviceState | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const refresh = useCallback(() => {
    readDeviceState()
      .then(setState)
      .catch(() => setState({ support: 'unsupported' }));
  }, []);
  useEffect(() => refresh(), [refresh, blocked]);

  const turnOn = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const permission = await Notification.requestPermission();
      // The switches below follow the answer too, "Bloquear" included.
      rereadPushPermission();
      if (permission === 'granted') {
        const pushManager = await readyPushManager();
        if (!pushManager) throw new Error('sem service worker');
        await syncPushSubscription({ device: { permission, pushManager }, api: apolloPushApi(client), loggedIn: true });
        setMessage({ ok: true, text: 'Notificações ativadas neste aparelho.' });
      }
    } catch (error) {
      console.warn('Falha ao ativar as notificações', error);
      setMessage({
        ok: false,
        text: 'Não foi possível ativar as notificações neste aparelho. Tente de novo mais tarde.',
      });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  const turnOff = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const pushManager = await readyPushManager();
      if (pushManager) await endPushSubscription({ pushManager, api: apolloPushApi(client) });
      setMessage({ ok: true, text: 'Este aparelho não recebe mais notificações do clube.' });
    } catch (error) {
      console.warn('Falha ao desativar as notificações', error);
      setMessage({ ok: false, text: 'Não foi possível desativar agora. Tente de novo.' });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  let body;
  if (!pushOn) {
    body = <p>O clube não está enviando notificações para o celular agora. Seus avisos continuam em Avisos.</p>;
  } else if (!state) {
    body = <Spinner label="Verificando este aparelho" />;
  } else if (state.support !== 'supported') {
    body = <Unsupported support={state.support} />;
  } else if (state.permission === 'denied') {
    body = <Blocked />;
  } else if (state.permission === 'granted' && state.subscribed) {
    body = (
      <>
        <p>
          <strong>Ativadas.</strong> Este aparelho recebe as notificações escolhidas abaixo.
        </p>
        <button type="button" className="button button--secondary" onClick={() => void turnOff()} disabled={busy}>
          {busy ? 'Desativando…' : 'Desativar neste aparelho'}
        </button>
      </>
    );
  } else {
    body = (
      <>
        <p>
          <strong>Desativadas.</strong> Ative para saber na hora quando uma nota for aprovada, mesmo com o app fechado.
        </p>
        <button type="button" className="button button--primary" onClick={() => void turnOn()} disabled={busy}>
          {busy ? 'Ativando…' : 'Ativar neste aparelho'}
        </button>
      </>
    );
  }

  return (
    <section className="card device-push" aria-labelledby="device-push-title">
      <h2 id="device-push-title">Neste aparelho</h2>
      {body}
      <div role="status" aria-live="polite">
        {message && <p className={message.ok ? 'alert alert--ok' : 'alert alert--error'}>{message.text}</p>}
      </div>
    </section>
  );
}

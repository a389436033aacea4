'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ErrorLike } from '@apollo/client';
import { errorMessage, errorReason, isTooManyRequests } from '@/lib/apollo/errors';
import { request } from '@/lib/graphql/request';
import { useRequestMutation } from '@/lib/graphql/use-request';
import { clearKioskKey, kioskContext, readKioskKey, saveKioskKey } from '@/lib/kiosk/kiosk-key';
import { MActivateKiosk, MKioskSignUp, QKiosk } from '@/lib/kiosk/operations';
import { storeLabel } from '@/lib/stores/store-label';
import { SignUpFields, SIGN_UP_FIELDS, useSignUpForm } from '../forms/sign-up-fields';
import { useFormServerError } from '../forms/use-form-server-error';
import { FormAlert } from '../ui/form-alert';
import { Spinner } from '../ui/spinner';
import { SubmitButton } from '../ui/submit-button';
import { TextField } from '../ui/text-field';
import { HandoffQr } from './handoff-qr';
import { KioskLegalButton } from './kiosk-legal-modal';
import { useHandoffCompletion } from './use-handoff-completion';
import { useIdleReset } from './use-idle-reset';

interface KioskStore {
  name: string;
  city?: string | null;
  uf?: string | null;
}

type Result = { status: 'SENT' | 'ALREADY_MEMBER'; maskedPhone: string | null; handoffUrl: string | null };

type Phase =
  | { kind: 'starting' }
  | { kind: 'setup'; message: string | null }
  | { kind: 'welcome' }
  | { kind: 'form' }
  | { kind: 'done'; result: Result }
  | { kind: 'thanks' };

/** How long the thank-you stays once the customer's phone is done, before the screen is the next customer's. */
export const KIOSK_THANKS_MS = 5_000;

/** Set-up codes are limited per address: the attendant must wait, and the code they typed was probably old. */
const KIOSK_TOO_MANY_CODES_MESSAGE =
  'Muitas tentativas. Aguarde alguns minutos e peça um novo código à equipe do Clube do Marceneiro.';

/** The API's reasons for a kiosk that must be set up again. */
const mustSetUpAgain = (error: unknown): boolean => {
  const reason = errorReason(error);
  return reason === 'KIOSK_INVALID' || reason === 'STORE_DISABLED';
};

/**
 * /totem: a tablet on a store counter. The attendant sets it up once with a code; then each customer signs up in a
 * few fields and finishes on their own phone (an SMS link, or the QR on screen), so no password is typed here and no
 * member session ever lives on the tablet. An idle screen clears itself for the next customer.
 */
export function KioskScreen() {
  const [key, setKey] = useState<string | null>(null);
  const [store, setStore] = useState<KioskStore | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });

  const toSetup = useCallback((message: string | null) => {
    clearKioskKey();
    setKey(null);
    setStore(null);
    setPhase({ kind: 'setup', message });
  }, []);

  // On start: the tablet's key, checked with the club (a store that left the club stops its kiosks).
  useEffect(() => {
    const stored = readKioskKey();
    // A set-up link (/totem?codigo=…) always sets the tablet up again, replacing its store.
    if (!stored || new URLSearchParams(window.location.search).has('codigo')) {
      setKey(stored);
      setPhase({ kind: 'setup', message: null });
      return;
    }
    request(QKiosk, {}, kioskContext(stored))
      .then((data) => {
        setKey(stored);
        setStore(data.kiosk.store);
        setPhase({ kind: 'welcome' });
      })
      .catch((error: unknown) => {
        if (mustSetUpAgain(error)) toSetup(errorMessage(error as ErrorLike));
        else setPhase({ kind: 'setup', message: 'Sem conexão com o clube. Confira a internet da loja e recarregue.' });
      });
  }, [toSetup]);

  const home = useCallback(() => setPhase({ kind: 'welcome' }), []);
  const secondsLeft = useIdleReset(phase.kind === 'form' || phase.kind === 'done', home);

  return (
    <div className="kiosk">
      {store && (
        <p className="kiosk__store" aria-label="Loja">
          {storeLabel(store)}
        </p>
      )}
      {phase.kind === 'starting' && <Spinner label="Preparando o totem" />}
      {phase.kind === 'setup' && (
        <KioskSetup
          message={phase.message}
          previousKey={key}
          onReady={(newKey, newStore) => {
            saveKioskKey(newKey);
            setKey(newKey);
            setStore(newStore);
            setPhase({ kind: 'welcome' });
          }}
        />
      )}
      {phase.kind === 'welcome' && store && (
        <section className="kiosk__panel" aria-labelledby="page-title">
          <h1 id="page-title">Cadastre-se no Clube do Marceneiro</h1>
          <p className="kiosk__lead">
            Ganhe pontos com as notas fiscais das suas compras e participe das promoções. Leva um minuto aqui, e você
            termina no seu celular.
          </p>
          <button
            type="button"
            className="button button--primary kiosk__cta"
            onClick={() => setPhase({ kind: 'form' })}
          >
            Quero me cadastrar
          </button>
        </section>
      )}
      {phase.kind === 'form' && key && (
        <KioskSignUp
          kioskKey={key}
          onDone={(result) => setPhase({ kind: 'done', result })}
          onCancel={home}
          onKioskGone={toSetup}
        />
      )}
      {phase.kind === 'done' && (
        <KioskDone
          kioskKey={key}
          result={phase.result}
          onFinish={home}
          onCompleted={() => setPhase({ kind: 'thanks' })}
        />
      )}
      {phase.kind === 'thanks' && <KioskThanks onFinish={home} />}
      {secondsLeft !== null && (
        <div className="kiosk__countdown" role="status">
          <p>Voltando ao início em {secondsLeft} s para proteger seus dados.</p>
          <button type="button" className="button button--secondary">
            Continuar aqui
          </button>
        </div>
      )}
      <footer className="kiosk__footer">
        <KioskLegalButton />
      </footer>
    </div>
  );
}

function KioskSetup({
  message,
  previousKey,
  onReady,
}: {
  message: string | null;
  previousKey: string | null;
  onReady: (key: string, store: KioskStore) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(message);
  const [activate, { loading }] = useRequestMutation(MActivateKiosk);

  const submit = useCallback(
    async (value: string) => {
      setError(null);
      if (value.replace(/[^0-9a-z]/gi, '').length < 8) {
        setError('Digite os 8 caracteres do código.');
        return;
      }
      try {
        const { data } = await activate({ variables: { code: value, previousKey } });
        if (data) onReady(data.activateKiosk.key, data.activateKiosk.store);
      } catch (e) {
        // The typed code stays in the field: after the wait the attendant corrects it or types the new one.
        setError(isTooManyRequests(e as ErrorLike) ? KIOSK_TOO_MANY_CODES_MESSAGE : errorMessage(e as ErrorLike));
      }
    },
    [activate, onReady, previousKey],
  );

  // The QR of a set-up code opens /totem?codigo=…: set up at once, and drop the code from the URL.
  useEffect(() => {
    const fromUrl = new URLSearchParams(window.location.search).get('codigo');
    if (!fromUrl) return;
    window.history.replaceState(null, '', window.location.pathname);
    setCode(fromUrl);
    void submit(fromUrl);
  }, [submit]);

  return (
    <section className="kiosk__panel" aria-labelledby="page-title">
      <h1 id="page-title">Configurar o totem</h1>
      <p className="kiosk__lead">
        Digite o código de 8 caracteres que a equipe do Clube do Marceneiro cria para a loja no painel do clube, ou leia
        o QR code dele com a câmera deste tablet. Se a loja não tiver um código, peça à equipe do clube.
      </p>
      <form
        className="form"
        method="post"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit(code);
        }}
      >
        <FormAlert message={error} />
        <TextField
          label="Código do totem"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <SubmitButton busy={loading} busyLabel="Ativando…">
          Ativar totem
        </SubmitButton>
      </form>
    </section>
  );
}

function KioskSignUp({
  kioskKey,
  onDone,
  onCancel,
  onKioskGone,
}: {
  kioskKey: string;
  onDone: (result: Result) => void;
  onCancel: () => void;
  onKioskGone: (message: string) => void;
}) {
  const form = useSignUpForm();
  const { serverError, showServerError, clearServerError } = useFormServerError(form.setError, SIGN_UP_FIELDS);
  const [signUp, { loading }] = useRequestMutation(MKioskSignUp);

  const onSubmit = form.handleSubmit(async () => {
    clearServerError();
    try {
      const { data } = await signUp({ variables: { input: form.getValues() }, ...kioskContext(kioskKey) });
      if (data) onDone(data.kioskSignUp);
    } catch (error) {
      if (mustSetUpAgain(error)) onKioskGone(errorMessage(error as ErrorLike));
      else showServerError(error);
    }
  });

  return (
    <section className="kiosk__panel" aria-labelledby="page-title">
      <h1 id="page-title">Seus dados</h1>
      <form className="form" method="post" onSubmit={onSubmit} noValidate autoComplete="off">
        <FormAlert message={serverError} />
        <SignUpFields form={form} shared termsLabel="Li e aceito os termos de uso e a política de privacidade" />
        <p className="kiosk__terms">
          <KioskLegalButton label="Ler os termos de uso e a política de privacidade" />
        </p>
        <SubmitButton busy={loading} busyLabel="Enviando…">
          Continuar
        </SubmitButton>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancelar e apagar meus dados
        </button>
      </form>
    </section>
  );
}

function KioskDone({
  kioskKey,
  result,
  onFinish,
  onCompleted,
}: {
  kioskKey: string | null;
  result: Result;
  onFinish: () => void;
  onCompleted: () => void;
}) {
  // The customer's phone says nothing to the kiosk: the kiosk asks the club until the sign-up is done.
  useHandoffCompletion(result.status === 'SENT' ? kioskKey : null, result.handoffUrl, onCompleted);
  if (result.status === 'ALREADY_MEMBER') {
    return (
      <section className="kiosk__panel" aria-labelledby="page-title">
        <h1 id="page-title">Você já é membro do clube</h1>
        <p className="kiosk__lead">
          No seu celular, entre no Clube do Marceneiro com seu CPF e sua senha. Se não lembrar a senha, toque em
          &quot;Esqueci minha senha&quot; na tela de entrada.
        </p>
        <button type="button" className="button button--primary kiosk__cta" onClick={onFinish}>
          Voltar ao início
        </button>
      </section>
    );
  }
  return (
    <section className="kiosk__panel" aria-labelledby="page-title">
      <h1 id="page-title">Agora é no seu celular</h1>
      <p className="kiosk__lead" role="status">
        Enviamos um SMS para <strong>{result.maskedPhone}</strong> com o link para você criar sua senha. Se preferir,
        leia este QR code com a câmera do seu celular.
      </p>
      {result.handoffUrl && <HandoffQr url={result.handoffUrl} />}
      <button type="button" className="button button--primary kiosk__cta" onClick={onFinish}>
        Concluir
      </button>
    </section>
  );
}

/** The customer finished on the phone: thanked, then the screen clears itself for the next one. */
function KioskThanks({ onFinish }: { onFinish: () => void }) {
  const finish = useRef(onFinish);
  finish.current = onFinish;
  useEffect(() => {
    const timer = window.setTimeout(() => finish.current(), KIOSK_THANKS_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <section className="kiosk__panel" aria-labelledby="page-title">
      <h1 id="page-title">Cadastro concluído!</h1>
      <p className="kiosk__lead" role="status">
        Obrigado e bem-vindo ao Clube do Marceneiro! Agora é só continuar pelo seu celular.
      </p>
      <button type="button" className="button button--primary kiosk__cta" onClick={onFinish}>
        Voltar ao início
      </button>
    </section>
  );
}

'use client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useApolloClient } from '@apollo/client/react';
import { Suspense, useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import { formatCount } from '@/common/format/numbers';
import type { ProgressFetchOptions } from '@/lib/apollo/xhr-fetch';
import { FILE_ACCEPT, FILE_KIND_LABELS, FILE_MESSAGES, MAX_FILES_PER_INVOICE } from '@/common/invoices/file-type';
import { whenIdle } from '@/lib/browser/when-idle';
import { QMyInvoices } from '@/lib/invoices/operations';
import { perFileProgress, type PickedFile } from '@/lib/invoices/pick-files';
import { newAttemptKey } from '@/lib/network/attempt-key';
import { ACCESS_KEY_LENGTH, maskAccessKey, normalizeAccessKey, parseAccessKey } from '@/common/validation/access-key';
import { lazyNow } from '../ui/lazy-now';
import { Spinner } from '../ui/spinner';
import { FieldFrame } from '../ui/field-frame';
import { AccessKeyDetails } from './access-key-info';
import { useFileReader } from './use-file-reader';
import { useFocusWhenShown } from '../ui/use-focus-when-shown';
import { useLeaveGuard } from '../ui/use-leave-guard';
import { CheckboxField } from '../ui/checkbox-field';

// What shows only after the member acts (the picked files' list, the camera dialog) starts loading with the page
// instead of being part of its first load; the camera code itself waits for the dialog (scanner-dialog.tsx).
const FileList = lazyNow(() => import('./file-list').then((m) => m.FileList));
const ScannerDialog = lazyNow(() => import('./scanner-dialog').then((m) => m.ScannerDialog));

// The form's documents (the key check, the send) come after the first paint, or when first needed.
let submitOperations: Promise<typeof import('@/lib/invoices/submit-operations')> | null = null;
const loadSubmitOperations = () => {
  submitOperations ??= import('@/lib/invoices/submit-operations').catch((error: unknown) => {
    submitOperations = null;
    throw error;
  });
  return submitOperations;
};

const KEY_MISMATCH = 'A chave de acesso digitada não é a mesma do XML. Confira a chave ou o arquivo.';
const SENT_FOR_REVIEW = 'Nota enviada! Ela está em análise; acompanhe o andamento na lista abaixo.';
const BUYER_MISMATCH = 'Atenção: o comprador desta nota não é o seu CPF. Ela será analisada com mais cuidado.';

export function InvoiceUploadForm({ memberCpf }: { memberCpf: string }) {
  const client = useApolloClient();
  const fileInputId = useId();
  const filesErrorId = `${fileInputId}-error`;
  const [key, setKey] = useState('');
  const [keyError, setKeyError] = useState<string | null>(null);
  const [keyTaken, setKeyTaken] = useState<string | null>(null);
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [progress, setProgress] = useState<number[] | null>(null);
  const [keyHasLetters, setKeyHasLetters] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  // A sent invoice is good news; one kept on the device still waits.
  const [waits, setWaits] = useState(false);
  // The kept invoice the message is about, until the queue has sent it (or the club refused it).
  const [keptId, setKeptId] = useState<string | null>(null);
  // A message that changes by itself later (the queue sent it) is announced, but takes no focus from the next invoice.
  const [quiet, setQuiet] = useState(false);
  const sentRef = useFocusWhenShown<HTMLParagraphElement>(quiet ? null : sent);
  const [scanning, setScanning] = useState(false);
  const attempt = useRef(newAttemptKey());
  const [loading, setLoading] = useState(false);
  useEffect(() => whenIdle(() => void loadSubmitOperations().catch(() => undefined)), []);
  useEffect(() => {
    if (!keptId) return;
    let stop = () => {};
    let cancelled = false;
    // Already loaded: it kept the invoice.
    void import(/* webpackChunkName: "offline-queue" */ '@/lib/invoices/send-waiting-invoices').then(
      ({ watchKeptInvoice }) => {
        if (cancelled) return;
        stop = watchKeptInvoice(keptId, (settled) => {
          setKeptId(null);
          setQuiet(true);
          if (settled.outcome === 'sent') {
            setWaits(false);
            setSent(SENT_FOR_REVIEW);
          } else if (settled.outcome === 'refused') {
            setSent(`O clube recusou a nota guardada: ${settled.reason}`);
          } else {
            setSent(null);
          }
        });
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      stop();
    };
  }, [keptId]);
  useLeaveGuard(loading);
  const { reading, read } = useFileReader();

  const parsedKey = parseAccessKey(key);
  const xmlFile = files.find((f) => f.nfe);
  const xmlKey = xmlFile?.nfe?.accessKey ?? null;

  /** Anything the member changes makes a new attempt; a plain retry keeps the same idempotency key. */
  const changed = () => {
    attempt.current = newAttemptKey();
    setServerError(null);
    setSent(null);
  };

  async function checkTaken(value: string) {
    const result = parseAccessKey(value);
    if (!result.ok) return;
    const { data } = await loadSubmitOperations()
      .then(({ QInvoiceKeyCheck }) =>
        client.query({
          query: QInvoiceKeyCheck,
          variables: { accessKey: result.info.key },
          fetchPolicy: 'network-only',
        }),
      )
      .catch(() => ({ data: undefined }));
    if (normalizeAccessKey(value) === result.info.key && data?.invoiceKeyCheck && !data.invoiceKeyCheck.available) {
      setKeyTaken(data.invoiceKeyCheck.message ?? null);
    }
  }

  function setKeyValue(value: string) {
    const masked = maskAccessKey(value);
    setKey(masked);
    setKeyTaken(null);
    changed();
    const normalized = normalizeAccessKey(masked);
    if (normalized.length === ACCESS_KEY_LENGTH) {
      const result = parseAccessKey(normalized);
      setKeyError(result.ok ? null : result.message);
      if (result.ok) void checkTaken(normalized);
    } else {
      setKeyError(null);
    }
  }

  async function onFilesPicked(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const picked = Array.from(input.files ?? []);
    input.value = '';
    if (picked.length === 0) return;
    await read(files.length, picked, ({ accepted, errors }) => {
      const xml = accepted.find((f) => f.nfe);
      const nextErrors = [...errors];
      let keep = accepted;
      if (xml?.nfe) {
        const typed = normalizeAccessKey(key);
        if (typed === '' || typed === xml.nfe.accessKey) {
          setKeyValue(xml.nfe.accessKey);
        } else {
          nextErrors.push(KEY_MISMATCH);
          keep = accepted.filter((f) => f !== xml);
        }
      }
      setFiles((current) => [...current, ...keep]);
      setFileErrors(nextErrors);
      changed();
    });
  }

  function removeFile(id: string) {
    setFiles((current) => current.filter((f) => f.id !== id));
    setFileErrors([]);
    changed();
  }

  /** The form starts over for the next invoice, saying what became of the last one. */
  function clear(message: string, kept = false) {
    setWaits(kept);
    setQuiet(false);
    setKey('');
    setFiles([]);
    setFileErrors([]);
    setKeyError(null);
    attempt.current = newAttemptKey();
    setSent(message);
  }

  /**
   * No answer from the club: the invoice waits on the device with this attempt's idempotency key (the answer may
   * only have been lost, and the club then gives back the invoice it made). The queue's code comes only now. False
   * when the club did answer, for the form to show its error.
   */
  async function keptForLater(error: unknown, typed: string): Promise<boolean> {
    try {
      const { keepInvoiceForLater } = await import(
        /* webpackChunkName: "offline-queue" */ '@/lib/invoices/send-waiting-invoices'
      );
      const result = await keepInvoiceForLater(client, error, {
        accessKey: typed,
        idempotencyKey: attempt.current,
        files: files.map((f) => f.file),
      });
      if (result.kept === null) return false;
      if (result.kept) {
        clear(result.message, true);
        setKeptId(result.id ?? null);
      } else setServerError(result.message);
    } catch {
      return false;
    }
    return true;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    setSent(null);
    const typed = normalizeAccessKey(key);
    const result = parseAccessKey(typed);
    let problem = false;
    if (!xmlKey && !result.ok) {
      setKeyError(result.message);
      problem = true;
    } else if (typed !== '' && !result.ok) {
      setKeyError(result.message);
      problem = true;
    }
    if (files.length === 0) {
      setFileErrors([FILE_MESSAGES.none]);
      problem = true;
    }
    if (problem || keyTaken) return;

    const sizes = files.map((f) => f.file.size);
    setProgress(sizes.map(() => 0));
    const fetchOptions: ProgressFetchOptions = {
      onUploadProgress: ({ loaded, total }) => setProgress(perFileProgress(sizes, loaded, total)),
    };
    setLoading(true);
    try {
      const { MSubmitInvoice } = await loadSubmitOperations();
      const { data } = await client.mutate({
        mutation: MSubmitInvoice,
        variables: {
          input: { accessKey: typed || null, idempotencyKey: attempt.current, files: files.map((f) => f.file) },
        },
        context: { fetchOptions },
        refetchQueries: [QMyInvoices],
      });
      const invoice = data?.submitInvoice;
      clear(
        invoice?.status === 'APPROVED'
          ? `Nota enviada e aprovada: ${formatCount(invoice.points ?? 0, 'ponto creditado', 'pontos creditados')}.`
          : SENT_FOR_REVIEW,
      );
    } catch (error) {
      // The club's own answer (a GraphQL error) is shown at once; anything else may be no answer at all.
      if (!CombinedGraphQLErrors.is(error) && (await keptForLater(error, typed))) return;
      const fields = fieldErrors(error as Error);
      const message = errorMessage(error as Error);
      if (fields['accessKey']) setKeyError(fields['accessKey']);
      else if (fields['files']) setFileErrors([fields['files']]);
      else setServerError(message);
    } finally {
      setProgress(null);
      setLoading(false);
    }
  }

  const keyMessage = keyError ?? keyTaken ?? undefined;
  return (
    <form className="form invoice-form" onSubmit={onSubmit} noValidate aria-label="Enviar nota fiscal">
      {serverError && (
        <p className="alert alert--error" role="alert">
          {serverError}
        </p>
      )}
      {/* Reading the barcode is the fast way on a phone; typing 44 digits comes second. */}
      <button
        type="button"
        className="button button--primary button--block invoice-form__scan"
        onClick={() => setScanning(true)}
      >
        Ler código com a câmera
      </button>
      <div className="invoice-form__key">
        <FieldFrame
          label="Chave de acesso (44 números)"
          hint={
            xmlKey ? 'Preenchida pelo XML da nota.' : 'Está no rodapé do cupom ou no topo do DANFE, em grupos de 4.'
          }
          error={keyMessage}
        >
          {(control) => (
            // A text area, not an input: the 11 groups wrap onto a second line, so a phone shows the whole key to
            // compare with the paper instead of the 6 groups an input scrolls to.
            <textarea
              {...control}
              className="field__input invoice-form__key-input"
              name="accessKey"
              rows={2}
              // The numeric keyboard by default; a key of an alphanumeric CNPJ needs the letters.
              inputMode={keyHasLetters ? 'text' : 'numeric'}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={key}
              onChange={(e) => setKeyValue(e.target.value)}
              onKeyDown={(e) => {
                // One line of text to the member: Enter sends the form as it would from an input.
                if (e.key !== 'Enter') return;
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }}
              onBlur={() => {
                const typed = normalizeAccessKey(key);
                const result = parseAccessKey(typed);
                if (typed !== '' && typed.length !== ACCESS_KEY_LENGTH && !result.ok) setKeyError(result.message);
              }}
            />
          )}
        </FieldFrame>
        <CheckboxField
          label="A chave tem letras (CNPJ alfanumérico)"
          checked={keyHasLetters}
          onChange={(e) => setKeyHasLetters(e.target.checked)}
        />
      </div>
      {parsedKey.ok && !keyMessage && <AccessKeyDetails info={parsedKey.info} />}
      {xmlFile?.nfe && xmlFile.nfe.buyerDocument !== memberCpf && (
        <p className="alert alert--warning" role="status">
          {BUYER_MISMATCH}
        </p>
      )}

      <div className="field">
        <label className="field__label" htmlFor={fileInputId}>
          Arquivos da nota (foto, PDF ou XML)
        </label>
        <p className="field__hint" id={`${fileInputId}-hint`}>
          Até {MAX_FILES_PER_INVOICE} arquivos de até 10 MB: foto (JPEG, PNG, HEIC), PDF do DANFE ou XML da NF-e.
        </p>
        <input
          id={fileInputId}
          className="field__input field__input--file"
          type="file"
          multiple
          accept={FILE_ACCEPT}
          onChange={(e) => void onFilesPicked(e)}
          disabled={loading}
          aria-invalid={fileErrors.length > 0 ? true : undefined}
          aria-describedby={[`${fileInputId}-hint`, fileErrors.length > 0 ? filesErrorId : '']
            .filter(Boolean)
            .join(' ')}
        />
        {fileErrors.length > 0 && (
          <ul className="field__error invoice-form__errors" id={filesErrorId} role="alert">
            {fileErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
      </div>
      <Suspense fallback={null}>
        <FileList
          files={files.map((f) => ({
            id: f.id,
            name: f.file.name,
            size: f.file.size,
            label: FILE_KIND_LABELS[f.kind],
          }))}
          progress={progress}
          onRemove={loading ? undefined : removeFile}
        />
      </Suspense>

      <button type="submit" className="button button--primary button--block" disabled={loading || reading}>
        {loading ? 'Enviando…' : reading ? 'Lendo arquivos…' : 'Enviar nota fiscal'}
      </button>
      {sent && (
        <p ref={sentRef} className={waits ? 'alert alert--warning' : 'alert alert--ok'} role="status" tabIndex={-1}>
          {sent}
        </p>
      )}

      {scanning && (
        <Suspense fallback={<Spinner label="Abrindo a câmera" />}>
          <ScannerDialog
            onClose={() => setScanning(false)}
            onDetected={(value) => {
              setScanning(false);
              setKeyValue(value);
            }}
          />
        </Suspense>
      )}
    </form>
  );
}

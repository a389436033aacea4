'use client';
import { useMutation } from '@apollo/client/react';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import type { ProgressFetchOptions } from '@/lib/apollo/xhr-fetch';
import { FILE_ACCEPT, FILE_KIND_LABELS, FILE_MESSAGES } from '@/common/invoices/file-type';
import { MResendInvoice } from '@/lib/invoices/operations';
import { perFileProgress, type PickedFile } from '@/lib/invoices/pick-files';
import { newAttemptKey } from '@/lib/network/attempt-key';
import { FileList } from './file-list';
import { useFileReader } from './use-file-reader';
import { useLeaveGuard } from '../ui/use-leave-guard';

/** New files for a refused invoice; the key stays the same. */
export function ResendForm({ invoiceId, accessKey }: { invoiceId: string; accessKey: string }) {
  const inputId = useId();
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [progress, setProgress] = useState<number[] | null>(null);
  const attempt = useRef(newAttemptKey());
  const [resend, { loading }] = useMutation(MResendInvoice);
  useLeaveGuard(loading);
  const { reading, read } = useFileReader();

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const picked = Array.from(input.files ?? []);
    input.value = '';
    await read(files.length, picked, ({ accepted, errors: refused }) => {
      const wrongXml = accepted.find((f) => f.nfe && f.nfe.accessKey !== accessKey);
      setFiles((current) => [...current, ...accepted.filter((f) => f !== wrongXml)]);
      setErrors(wrongXml ? [...refused, 'Este XML é de outra nota fiscal.'] : refused);
      attempt.current = newAttemptKey();
    });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (files.length === 0) {
      setErrors([FILE_MESSAGES.none]);
      return;
    }
    const sizes = files.map((f) => f.file.size);
    const fetchOptions: ProgressFetchOptions = {
      onUploadProgress: ({ loaded, total }) => setProgress(perFileProgress(sizes, loaded, total)),
    };
    try {
      await resend({
        variables: { id: invoiceId, idempotencyKey: attempt.current, files: files.map((f) => f.file) },
        context: { fetchOptions },
      });
      setFiles([]);
      setErrors([]);
    } catch (error) {
      setErrors([errorMessage(error as Error)]);
    } finally {
      setProgress(null);
    }
  }

  return (
    <form className="form resend-form" onSubmit={onSubmit} noValidate aria-label="Reenviar nota com arquivo corrigido">
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          Arquivo corrigido
        </label>
        <input
          id={inputId}
          className="field__input field__input--file"
          type="file"
          multiple
          accept={FILE_ACCEPT}
          disabled={loading}
          onChange={(e) => void onPick(e)}
          aria-invalid={errors.length > 0 ? true : undefined}
          aria-describedby={errors.length > 0 ? `${inputId}-error` : undefined}
        />
        {errors.length > 0 && (
          <ul className="field__error invoice-form__errors" id={`${inputId}-error`} role="alert">
            {errors.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
      </div>
      <FileList
        files={files.map((f) => ({ id: f.id, name: f.file.name, size: f.file.size, label: FILE_KIND_LABELS[f.kind] }))}
        progress={progress}
        onRemove={loading ? undefined : (id) => setFiles((c) => c.filter((f) => f.id !== id))}
      />
      <button type="submit" className="button button--primary" disabled={loading || reading}>
        {loading ? 'Reenviando…' : reading ? 'Lendo arquivos…' : 'Reenviar nota'}
      </button>
    </form>
  );
}

'use client';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import { apiHref } from '@/lib/files/api-href';
import type { ProjectEnvironment } from '@/lib/graphql/generated/graphql';
import { QCities } from '@/lib/graphql/profile-operations';
import type { ProgressFetchOptions } from '@/lib/apollo/xhr-fetch';
import { newAttemptKey } from '@/lib/network/attempt-key';
import {
  clearProjectDraft,
  saveProjectDraft,
  type DraftPhoto,
  type ProjectDraft,
  type ProjectDraftValues,
} from '@/lib/projects/draft';
import { ENVIRONMENT_LABELS } from '@/lib/projects/labels';
import { PROJECT_DESCRIPTION_MAX, PROJECT_PHOTOS_MAX, PROJECT_TITLE_MAX } from '@/lib/projects/limits';
import {
  MResendProject,
  MSubmitProject,
  MUploadProjectPhoto,
  QProductCatalog,
  QProjectLinkOptions,
  QProjects,
} from '@/lib/projects/operations';
import {
  checkProjectPhoto,
  moveItem,
  photoPreview,
  PROJECT_PHOTO_MESSAGES,
  shrinkProjectPhoto,
} from '@/lib/projects/photos';
import { splitMonth, validateProject } from '@/lib/projects/validate';
import { routes } from '@/lib/routes';
import { CheckboxField } from '../ui/checkbox-field';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import { useLeaveGuard } from '../ui/use-leave-guard';
import { ProductPicker } from './product-picker';
import { ProjectPhotoPicker, type PhotoItem } from './project-photo-picker';

const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];
/** Projects finished in the last ten years: older work is not what the club rewards. */
const YEARS_BACK = 10;

const PHOTO_WAITING = 'Aguarde o envio das fotos terminar.';
const PHOTO_FAILED = 'Uma foto não foi enviada. Toque em "Tentar de novo" ou remova a foto.';

const donePhoto = (photo: DraftPhoto): PhotoItem => ({
  key: photo.id,
  status: 'done',
  progress: 1,
  secondsLeft: null,
  id: photo.id,
  preview: photo.preview,
  width: photo.width,
  height: photo.height,
  name: '',
  error: null,
});

/**
 * The project form, for a new project or to correct a refused one (`projectId`). Photos go up one by one as soon as
 * they are picked; what the member typed and the uploaded photos are kept on the device as a draft until the
 * project is sent. The send carries one idempotency key for the draft's whole life, so a retry after a lost answer
 * never makes a second project.
 */
export function ProjectForm({
  memberId,
  projectId,
  initial,
}: {
  memberId: string;
  projectId: string | null;
  initial: ProjectDraft;
}) {
  const client = useApolloClient();
  const router = useRouter();
  const [values, setValues] = useState<ProjectDraftValues>(initial.values);
  const [photos, setPhotos] = useState<PhotoItem[]>(() => initial.photos.map(donePhoto));
  const [photoErrors, setPhotoErrors] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const sendKey = useRef(initial.sendKey);
  const files = useRef(new Map<string, { file: File; attemptKey: string }>());
  // One photo at a time: on a weak signal, parallel uploads only share the same thin pipe.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const busy = sending || photos.some((p) => p.status === 'preparing' || p.status === 'uploading');
  useLeaveGuard(busy);

  const { data: options } = useQuery(QProjectLinkOptions, { fetchPolicy: 'cache-and-network' });
  const { data: catalogue } = useQuery(QProductCatalog, { variables: { search: null } });
  const { data: cities } = useQuery(QCities, { variables: { stateId: values.stateId }, skip: !values.stateId });
  const states = options?.states ?? [];
  const approvedInvoices = (options?.myInvoices.data ?? []).filter((i) => i.status === 'APPROVED');
  const campaigns = options?.customCampaigns.data ?? [];
  const promotions = options?.promotions.data ?? [];

  // The draft follows every change; photos still on their way are not in it (their files cannot be kept).
  useEffect(() => {
    const kept = photos
      .filter((p) => p.status === 'done' && p.id)
      .map((p) => ({ id: p.id as string, preview: p.preview, width: p.width, height: p.height }));
    saveProjectDraft(memberId, projectId, { values, photos: kept, sendKey: sendKey.current });
  }, [memberId, projectId, values, photos]);

  const set = <K extends keyof ProjectDraftValues>(key: K, value: ProjectDraftValues[K], errorKey: string = key) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!current[errorKey]) return current;
      const next = { ...current };
      delete next[errorKey];
      return next;
    });
    setServerError(null);
  };

  const update = (key: string, change: Partial<PhotoItem>) =>
    setPhotos((current) => current.map((p) => (p.key === key ? { ...p, ...change } : p)));

  async function upload(key: string): Promise<void> {
    const entry = files.current.get(key);
    if (!entry) return;
    update(key, { status: 'uploading', progress: 0, secondsLeft: null, error: null });
    const started = Date.now();
    const fetchOptions: ProgressFetchOptions = {
      onUploadProgress: ({ loaded, total }) => {
        const elapsed = (Date.now() - started) / 1000;
        const rate = elapsed > 0 ? loaded / elapsed : 0;
        update(key, {
          progress: total > 0 ? loaded / total : 0,
          secondsLeft: rate > 0 && total > loaded ? Math.ceil((total - loaded) / rate) : null,
        });
      },
    };
    try {
      const { data } = await client.mutate({
        mutation: MUploadProjectPhoto,
        variables: { file: entry.file, idempotencyKey: entry.attemptKey },
        context: { fetchOptions },
      });
      const uploaded = data?.uploadProjectPhoto;
      if (!uploaded) throw new Error('no photo');
      files.current.delete(key);
      setPhotos((current) =>
        current.map((p) =>
          p.key === key
            ? {
                ...p,
                status: 'done',
                progress: 1,
                secondsLeft: null,
                id: uploaded.id,
                preview: p.preview || apiHref(uploaded.thumbnailUrl),
                width: uploaded.width,
                height: uploaded.height,
              }
            : p,
        ),
      );
    } catch (error) {
      update(key, {
        status: 'failed',
        secondsLeft: null,
        error: `A foto não foi enviada: ${errorMessage(error as Error)}`,
      });
    }
  }

  async function prepare(key: string, original: File): Promise<void> {
    const file = await shrinkProjectPhoto(original);
    const preview = await photoPreview(file);
    files.current.set(key, { file, attemptKey: newAttemptKey() });
    update(key, { preview: preview?.url ?? '', width: preview?.width ?? 0, height: preview?.height ?? 0 });
    await upload(key);
  }

  async function pick(picked: File[]) {
    const room = PROJECT_PHOTOS_MAX - photos.length;
    const problems: string[] = [];
    const accepted: { key: string; file: File }[] = [];
    for (const file of picked) {
      if (accepted.length >= room) {
        problems.push(PROJECT_PHOTO_MESSAGES.tooMany);
        break;
      }
      const problem = await checkProjectPhoto(file);
      if (problem) problems.push(problem);
      else accepted.push({ key: newAttemptKey(), file });
    }
    setPhotoErrors(problems);
    setErrors((current) => ({ ...current, photoIds: '' }));
    setServerError(null);
    setPhotos((current) => [
      ...current,
      ...accepted.map(({ key, file }) => ({
        ...donePhoto({ id: '', preview: '', width: 0, height: 0 }),
        key,
        id: null,
        status: 'preparing' as const,
        progress: 0,
        name: file.name,
      })),
    ]);
    for (const { key, file } of accepted) queue.current = queue.current.then(() => prepare(key, file));
  }

  function retry(key: string) {
    update(key, { status: 'uploading', progress: 0, error: null });
    queue.current = queue.current.then(() => upload(key));
  }

  function remove(key: string) {
    files.current.delete(key);
    setPhotos((current) => current.filter((p) => p.key !== key));
    setPhotoErrors([]);
  }

  function discard() {
    clearProjectDraft();
    files.current.clear();
    sendKey.current = newAttemptKey();
    setValues(initial.values);
    setPhotos(projectId ? initial.photos.map(donePhoto) : []);
    setErrors({});
    setPhotoErrors([]);
    setServerError(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const found = validateProject(values);
    const photoProblem = photos.some((p) => p.status === 'preparing' || p.status === 'uploading')
      ? PHOTO_WAITING
      : photos.some((p) => p.status === 'failed')
        ? PHOTO_FAILED
        : photos.length === 0
          ? PROJECT_PHOTO_MESSAGES.none
          : null;
    if (photoProblem) found['photoIds'] = photoProblem;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // The first problem is where the member looks next.
      document.querySelector<HTMLElement>('[aria-invalid="true"], .project-form [role="alert"]')?.focus();
      return;
    }
    const uf = states.find((s) => s.id === values.stateId)?.uf ?? '';
    const input = {
      title: values.title.trim(),
      environment: values.environment as ProjectEnvironment,
      description: values.description.trim(),
      uf,
      city: values.city,
      finishedMonth: values.finishedMonth,
      productIds: values.productIds,
      invoiceIds: values.invoiceIds,
      campaignSlug: values.campaignSlug || null,
      publishConsent: values.publishConsent,
    };
    const photoIds = photos.map((p) => p.id as string);
    setSending(true);
    try {
      const { data } = projectId
        ? await client.mutate({
            mutation: MResendProject,
            variables: { id: projectId, input, photoIds, idempotencyKey: sendKey.current },
          })
        : await client.mutate({
            mutation: MSubmitProject,
            variables: { input, photoIds, idempotencyKey: sendKey.current },
          });
      const sent = data && ('submitProject' in data ? data.submitProject : data.resendProject);
      if (!sent) throw new Error('no project');
      clearProjectDraft();
      await client.refetchQueries({ include: [QProjects] }).catch(() => undefined);
      router.push(routes.project({ projectId: sent.id }));
    } catch (error) {
      const fields = fieldErrors(error as Error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setServerError(errorMessage(error as Error));
      setSending(false);
    }
  }

  const { year, month } = splitMonth(values.finishedMonth);
  const thisYear = new Date().getFullYear();
  return (
    <form className="form project-form" onSubmit={onSubmit} noValidate aria-label="Enviar projeto">
      <p className="muted project-form__draft" role="status">
        O que você preenche fica guardado neste aparelho até o envio.
      </p>

      <section className="project-form__section" aria-labelledby="project-photos-title">
        <h2 id="project-photos-title">Fotos</h2>
        <ProjectPhotoPicker
          photos={photos}
          errors={[...photoErrors, ...(errors['photoIds'] ? [errors['photoIds']] : [])]}
          disabled={sending}
          onPick={(picked) => void pick(picked)}
          onRetry={retry}
          onRemove={remove}
          onMove={(from, to) => setPhotos((current) => moveItem(current, from, to))}
        />
      </section>

      <section className="project-form__section" aria-labelledby="project-about-title">
        <h2 id="project-about-title">Sobre o projeto</h2>
        <TextField
          label="Título"
          hint="Ex.: Cozinha planejada em MDF freijó"
          maxLength={PROJECT_TITLE_MAX}
          autoComplete="off"
          value={values.title}
          error={errors['title']}
          onChange={(e) => set('title', e.target.value)}
        />
        <SelectField
          label="Ambiente"
          value={values.environment}
          error={errors['environment']}
          onChange={(e) => set('environment', e.target.value)}
        >
          <option value="">Escolha o ambiente</option>
          {Object.entries(ENVIRONMENT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <DescriptionField
          value={values.description}
          error={errors['description']}
          onChange={(value) => set('description', value)}
        />
        <div className="project-form__row">
          <SelectField
            label="Estado onde foi instalado"
            value={values.stateId}
            error={errors['uf']}
            onChange={(e) => {
              set('stateId', e.target.value, 'uf');
              set('city', '');
            }}
          >
            <option value="">Escolha o estado</option>
            {states.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Cidade"
            value={values.city}
            error={errors['city']}
            disabled={!values.stateId}
            onChange={(e) => set('city', e.target.value)}
          >
            <option value="">{values.stateId ? 'Escolha a cidade' : 'Escolha o estado primeiro'}</option>
            {(cities?.cities ?? []).map((c) => (
              <option key={c.id} value={c.name}>
                {c.name}
              </option>
            ))}
            {values.city && !cities?.cities.some((c) => c.name === values.city) && (
              <option value={values.city}>{values.city}</option>
            )}
          </SelectField>
        </div>
        <div className="project-form__row">
          <SelectField
            label="Mês de conclusão"
            value={month}
            error={errors['finishedMonth']}
            onChange={(e) => set('finishedMonth', `${year}-${e.target.value}`)}
          >
            <option value="">Mês</option>
            {MONTHS.map((name, index) => (
              <option key={name} value={String(index + 1).padStart(2, '0')}>
                {name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Ano de conclusão"
            value={year}
            onChange={(e) => set('finishedMonth', `${e.target.value}-${month}`, 'finishedMonth')}
          >
            <option value="">Ano</option>
            {Array.from({ length: YEARS_BACK + 1 }, (_, i) => String(thisYear - i)).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </SelectField>
        </div>
      </section>

      <section className="project-form__section" aria-labelledby="project-products-title">
        <h2 id="project-products-title">Produtos usados</h2>
        <ProductPicker
          products={catalogue?.productCatalog ?? []}
          selected={values.productIds}
          error={errors['productIds']}
          onChange={(ids) => set('productIds', ids)}
        />
      </section>

      <section className="project-form__section" aria-labelledby="project-links-title">
        <h2 id="project-links-title">Notas fiscais e campanha (opcional)</h2>
        <fieldset
          className="project-form__invoices"
          aria-describedby={errors['invoiceIds'] ? 'project-invoices-error' : undefined}
        >
          <legend className="field__label">Notas fiscais da compra dos materiais</legend>
          {errors['invoiceIds'] && (
            <p className="field__error" id="project-invoices-error" role="alert">
              {errors['invoiceIds']}
            </p>
          )}
          {approvedInvoices.length === 0 ? (
            <p className="muted">Você ainda não tem notas aprovadas para ligar a este projeto.</p>
          ) : (
            approvedInvoices.map((invoice) => (
              <CheckboxField
                key={invoice.id}
                label={`Nota nº ${invoice.number}${invoice.issuerName ? ` · ${invoice.issuerName}` : ''} · ${invoice.issuedMonth.split('-').reverse().join('/')}`}
                checked={values.invoiceIds.includes(invoice.id)}
                onChange={(e) =>
                  set(
                    'invoiceIds',
                    e.target.checked
                      ? [...values.invoiceIds, invoice.id]
                      : values.invoiceIds.filter((id) => id !== invoice.id),
                  )
                }
              />
            ))
          )}
        </fieldset>
        <SelectField
          label="Campanha ou promoção em que o projeto entra"
          value={values.campaignSlug}
          error={errors['campaignSlug']}
          onChange={(e) => set('campaignSlug', e.target.value)}
        >
          <option value="">Nenhuma</option>
          {campaigns.length > 0 && (
            <optgroup label="Campanhas">
              {campaigns.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </optgroup>
          )}
          {promotions.length > 0 && (
            <optgroup label="Promoções">
              {promotions.map((p) => (
                <option key={p.slug} value={p.slug}>
                  {p.title}
                </option>
              ))}
            </optgroup>
          )}
        </SelectField>
      </section>

      <section className="project-form__section" aria-labelledby="project-publish-title">
        <h2 id="project-publish-title">Publicação</h2>
        <CheckboxField
          label="Autorizo o clube a publicar as fotos"
          checked={values.publishConsent}
          onChange={(e) => set('publishConsent', e.target.checked)}
        />
        <p className="muted">
          Sem a sua autorização, as fotos ficam só com você e com quem analisa o projeto. Você pode enviar o projeto sem
          autorizar.
        </p>
      </section>

      {serverError && (
        <p className="alert alert--error" role="alert">
          {serverError}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {sending ? 'Enviando…' : projectId ? 'Reenviar projeto para análise' : 'Enviar projeto'}
      </button>
      <button type="button" className="button button--ghost button--block" onClick={discard} disabled={busy}>
        Descartar rascunho
      </button>
    </form>
  );
}

function DescriptionField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = 'project-description';
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Descrição
      </label>
      <p className="field__hint" id={hintId}>
        O que foi feito, materiais e acabamentos. {value.length.toLocaleString('pt-BR')} de{' '}
        {PROJECT_DESCRIPTION_MAX.toLocaleString('pt-BR')} caracteres.
      </p>
      <textarea
        id={id}
        className="field__input project-form__description"
        rows={5}
        maxLength={PROJECT_DESCRIPTION_MAX}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

import { STATUS_LABEL, type ContentStatusValue } from '@/lib/content/format';

export function StatusBadge({ status }: { status: ContentStatusValue }) {
  return <span className={`badge badge--${status.toLowerCase()}`}>{STATUS_LABEL[status]}</span>;
}

export function DraftBadge() {
  return <span className="badge badge--draft">Rascunho</span>;
}

/** Shown on every /rascunho/... page, so nobody mistakes a draft for what members see. */
export function DraftNotice({ isDraft = true }: { isDraft?: boolean }) {
  return (
    <p className="draft-notice" role="note">
      <strong>Prévia de rascunho.</strong>{' '}
      {isDraft
        ? 'Visível só para a equipe de conteúdo; os membros ainda veem a versão publicada.'
        : 'Este item não tem rascunho: você está vendo a versão publicada.'}
    </p>
  );
}

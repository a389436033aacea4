'use client';
import { useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import { contentErrorKind } from '@/lib/content/errors';
import { formatLongDate, formatShortDate } from '@/lib/content/format';
import { QRuleBook } from '@/lib/content/operations';
import { routes } from '@/common/routes';
import { DraftBadge, DraftNotice } from './badges';
import { DetailLoading, ErrorState, NotFoundState, UnavailableState } from '../ui/content-states';
import { RichText } from './rich-text';

export function RuleBookScreen({ preview = false }: { preview?: boolean }) {
  const [version, setVersion] = useState<string | null>(null);
  const selectId = useId();
  const { data, previousData, error, loading, refetch } = useQuery(QRuleBook, { variables: { version, preview } });
  const ruleBook = (data ?? previousData)?.ruleBook;
  const title = preview ? 'Rascunho do regulamento' : 'Regulamento';

  if (error && !ruleBook) {
    const kind = contentErrorKind(error);
    if (kind === 'unavailable') return <UnavailableState />;
    if (kind === 'not-found') {
      return (
        <NotFoundState
          title="Regulamento não encontrado"
          param="version"
          value={version ?? ''}
          back={{ href: routes.home(), label: 'Ir para o início' }}
        />
      );
    }
    return <ErrorState title={title} message={errorMessage(error)} onRetry={() => void refetch()} />;
  }
  if (!ruleBook) return <DetailLoading title={title} />;

  return (
    <article className="card content-detail rule-book" aria-labelledby="page-title" aria-busy={loading}>
      {preview && <DraftNotice isDraft={ruleBook.isDraft} />}
      <h1 id="page-title">{ruleBook.title}</h1>
      <p className="content-detail__meta">
        {ruleBook.isDraft && <DraftBadge />}
        <span>
          {ruleBook.isCurrent
            ? 'Em vigor desde'
            : ruleBook.isDraft
              ? 'Vigência prevista a partir de'
              : 'Versão válida a partir de'}{' '}
          {formatLongDate(ruleBook.effectiveFrom)}
        </span>
      </p>
      {ruleBook.summary && <p className="content-detail__summary">{ruleBook.summary}</p>}
      {!preview && ruleBook.versions.length > 1 && (
        <div className="field rule-book__versions">
          <label className="field__label" htmlFor={selectId}>
            Versão do regulamento
          </label>
          <select
            id={selectId}
            className="field__input"
            value={ruleBook.version}
            onChange={(event) => setVersion(event.target.value)}
          >
            {ruleBook.versions.map((v) => (
              <option key={v.version} value={v.version}>
                {`Versão de ${formatShortDate(v.effectiveFrom)}${v.current ? ' (em vigor)' : ''}`}
              </option>
            ))}
          </select>
        </div>
      )}
      {!ruleBook.isCurrent && !ruleBook.isDraft && (
        <p className="callout">Você está lendo uma versão anterior. A versão em vigor é a primeira da lista.</p>
      )}
      <RichText html={ruleBook.bodyHtml} className="rich-text--long" />
    </article>
  );
}

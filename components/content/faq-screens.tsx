'use client';
import { useQuery } from '@apollo/client/react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import { config } from '@/lib/config';
import { contentErrorKind } from '@/lib/content/errors';
import { QFaqItem, QFaqSubject, QFaqSubjects } from '@/lib/content/operations';
import { useRouteParams } from '@/lib/routing/use-route-params';
import { routes } from '@/common/routes';
import { DraftBadge, DraftNotice } from './badges';
import { DetailLoading, ErrorState, NotFoundState, UnavailableState } from '../ui/content-states';
import { RichText } from './rich-text';

/** Links inside the draft FAQ stay inside the drafts. */
const links = (preview: boolean) => ({
  faq: () => (preview ? routes.draftFaq() : routes.faq()),
  subject: (subjectSlug: string) =>
    preview ? routes.draftFaqSubject({ subjectSlug }) : routes.faqSubject({ subjectSlug }),
  item: (subjectSlug: string, faqSlug: string) =>
    preview ? routes.draftFaqItem({ subjectSlug, faqSlug }) : routes.faqItem({ subjectSlug, faqSlug }),
});

function StillInDoubt() {
  return (
    <aside className="faq-help" aria-labelledby="faq-ajuda">
      <h2 id="faq-ajuda">Ainda com dúvida?</h2>
      <p>
        Fale com a gente pelo{' '}
        <a href={`https://wa.me/${config.whatsappNumber}`} target="_blank" rel="noopener noreferrer">
          WhatsApp do clube
        </a>
        .
      </p>
    </aside>
  );
}

function Frame({
  preview,
  isDraft,
  back,
  children,
}: {
  preview: boolean;
  isDraft: boolean;
  back?: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <article className="card content-detail faq" aria-labelledby="page-title">
      {back && (
        <p className="content-detail__back">
          <Link href={back.href}>← {back.label}</Link>
        </p>
      )}
      {preview && <DraftNotice isDraft={isDraft} />}
      {children}
      <StillInDoubt />
    </article>
  );
}

function failure(error: Parameters<typeof contentErrorKind>[0], title: string, notFound: ReactNode, retry: () => void) {
  const kind = contentErrorKind(error);
  if (kind === 'unavailable') return <UnavailableState />;
  if (kind === 'not-found') return notFound;
  return <ErrorState title={title} message={errorMessage(error)} onRetry={retry} />;
}

export function FaqScreen({ preview = false }: { preview?: boolean }) {
  const { data, error, refetch } = useQuery(QFaqSubjects, { variables: { preview } });
  const title = preview ? 'Rascunho das perguntas frequentes' : 'Perguntas frequentes';
  const to = links(preview);
  if (error && !data) return failure(error, title, null, () => void refetch());
  if (!data) return <DetailLoading title={title} />;
  return (
    <Frame preview={preview} isDraft={data.faqSubjects.some((s) => s.isDraft || s.items.some((i) => i.isDraft))}>
      <h1 id="page-title">{title}</h1>
      <p className="muted">Escolha um assunto ou vá direto à pergunta.</p>
      <div className="faq-subjects">
        {data.faqSubjects.map((subject) => (
          <section key={subject.slug} className="faq-subject" aria-labelledby={`assunto-${subject.slug}`}>
            <h2 id={`assunto-${subject.slug}`}>
              <Link href={to.subject(subject.slug)}>{subject.title}</Link> {subject.isDraft && <DraftBadge />}
            </h2>
            {subject.description && <p className="muted">{subject.description}</p>}
            <ul className="faq-list">
              {subject.items.map((item) => (
                <li key={item.slug}>
                  <Link href={to.item(subject.slug, item.slug)}>{item.question}</Link> {item.isDraft && <DraftBadge />}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Frame>
  );
}

export function FaqSubjectScreen({ preview = false }: { preview?: boolean }) {
  const params = useRouteParams();
  const slug = params?.['subjectSlug'];
  const to = links(preview);
  const back = { href: to.faq(), label: 'Todas as dúvidas' };
  const { data, error, refetch } = useQuery(QFaqSubject, { variables: { slug: slug ?? '', preview }, skip: !slug });
  const title = preview ? 'Rascunho do assunto' : 'Assunto';
  if (error && !data) {
    return failure(
      error,
      title,
      <NotFoundState title="Assunto não encontrado" param="subjectSlug" value={slug ?? ''} back={back} />,
      () => void refetch(),
    );
  }
  if (!data) return <DetailLoading title={title} />;
  const subject = data.faqSubject;
  return (
    <Frame preview={preview} isDraft={subject.isDraft} back={back}>
      <h1 id="page-title">
        {subject.title} {subject.isDraft && <DraftBadge />}
      </h1>
      {subject.description && <p className="muted">{subject.description}</p>}
      <ul className="faq-list faq-list--large">
        {subject.items.map((item) => (
          <li key={item.slug}>
            <Link href={to.item(subject.slug, item.slug)}>{item.question}</Link> {item.isDraft && <DraftBadge />}
          </li>
        ))}
      </ul>
    </Frame>
  );
}

export function FaqItemScreen({ preview = false }: { preview?: boolean }) {
  const params = useRouteParams();
  const subjectSlug = params?.['subjectSlug'];
  const slug = params?.['faqSlug'];
  const to = links(preview);
  const { data, error, refetch } = useQuery(QFaqItem, {
    variables: { subjectSlug: subjectSlug ?? '', slug: slug ?? '', preview },
    skip: !subjectSlug || !slug,
  });
  const title = preview ? 'Rascunho da pergunta' : 'Pergunta';
  if (error && !data) {
    const back = subjectSlug
      ? { href: to.subject(subjectSlug), label: 'Voltar ao assunto' }
      : { href: to.faq(), label: 'Todas as dúvidas' };
    return failure(
      error,
      title,
      <NotFoundState title="Pergunta não encontrada" param="faqSlug" value={slug ?? ''} back={back} />,
      () => void refetch(),
    );
  }
  if (!data) return <DetailLoading title={title} />;
  const item = data.faqItem;
  return (
    <Frame
      preview={preview}
      isDraft={item.isDraft}
      back={{ href: to.subject(item.subjectSlug), label: item.subjectTitle }}
    >
      <h1 id="page-title">
        {item.question} {item.isDraft && <DraftBadge />}
      </h1>
      <RichText html={item.answerHtml} />
    </Frame>
  );
}

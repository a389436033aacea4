'use client';
import { lazy, Suspense } from 'react';
import { useIdle } from '@/lib/browser/use-idle';
import { config } from '@/lib/config';
import { useCurrentUser } from '../providers/current-user';
import { InvoiceList } from './invoice-list';
import { InvoiceUploadForm } from './invoice-upload-form';

// The invoices kept on the device without signal, and the queue's code with them: read once the page has painted.
// Without signal and without the chunk, the part is left out instead of failing the page.
const WaitingInvoices = lazy(() =>
  import('./waiting-invoices').then(
    (m) => ({ default: m.WaitingInvoices }),
    () => ({ default: () => null }),
  ),
);

export function InvoicesScreen() {
  const user = useCurrentUser();
  const painted = useIdle();
  return (
    <div className="invoices-screen">
      <section className="card" aria-labelledby="page-title">
        <h1 id="page-title">Minhas notas fiscais</h1>
        <p className="muted">
          Envie a nota fiscal das suas compras de produtos do clube e ganhe pontos. Informe a chave de acesso e anexe a
          foto, o PDF ou o XML da nota.
        </p>
        <InvoiceUploadForm memberCpf={user.cpf} />
        {user.chatbotInvoiceUploadEnabled && (
          <p className="invoice-chatbot">
            Prefere pelo celular?{' '}
            <a
              href={`https://wa.me/${config.whatsappNumber}?text=${encodeURIComponent('Quero enviar uma nota fiscal')}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              Envie a nota pelo WhatsApp do clube
            </a>
            .
          </p>
        )}
      </section>
      {painted && (
        <Suspense fallback={null}>
          <WaitingInvoices />
        </Suspense>
      )}
      <InvoiceList />
    </div>
  );
}

'use client';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import { formatCnpj } from '@/common/format/cnpj';
import { todayInBrazil } from '@/common/format/dates';
import {
  QStaffStore,
  QStaffStoreSignUps,
  type StaffStoreFieldsFragment,
  type QStaffStoreSignUpsQuery,
} from '@/lib/painel/operations';
import { daysBefore, PERIODS, signUpsCsv, signUpsCsvName } from '@/lib/painel/store-report';
import { painelRoutes } from '@/common/painel/routes';
import { FormAlert } from '../ui/form-alert';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { CopyField } from './copy-field';
import { ItemRoute } from './item-route';
import { KioskCodePanel } from './kiosk-code-panel';
import { DailyBarsChart, SIGN_UPS } from './daily-bars-chart';
import { StoreActiveToggle } from './store-active-toggle';
import { usePainelQuery } from './use-painel-query';

export const storeHref = (slug: string) => `${painelRoutes.painelStore()}?slug=${encodeURIComponent(slug)}`;

/** /painel/lojas/loja?slug=… (lojas): one store, its sign-up link, its kiosk code and its sign-ups per day. */
export function StoreScreen() {
  return (
    <ItemRoute
      param="slug"
      title="Loja"
      loadingLabel="Carregando a loja…"
      choose={
        <>
          Escolha uma loja na <Link href={painelRoutes.painelStores()}>lista de lojas</Link>.
        </>
      }
      href={storeHref}
    >
      {(slug) => <Store key={slug} slug={slug} />}
    </ItemRoute>
  );
}

function Store({ slug }: { slug: string }) {
  const { data, error, update } = usePainelQuery(QStaffStore, { variables: { slug } });
  const store = data?.staffStore;
  const changed = (next: StaffStoreFieldsFragment) => update(() => ({ staffStore: next }));

  return (
    <div className="painel-page painel-store">
      <p>
        <Link href={painelRoutes.painelStores()}>← Lojas</Link>
      </p>
      {!store && !error && <Spinner label="Carregando a loja…" />}
      {!store && error && (
        <>
          <h1>Loja</h1>
          <FormAlert message={errorMessage(error as never)} />
        </>
      )}
      {store && (
        <>
          <div className="painel-store__head">
            <div>
              <h1>{store.name}</h1>
              <p className="muted">
                {[
                  store.city && store.uf ? `${store.city}/${store.uf}` : null,
                  store.cnpj && `CNPJ ${formatCnpj(store.cnpj)}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}{' '}
                <span className={`painel-status painel-status--${store.active ? 'active' : 'disabled'}`}>
                  {store.active ? 'Ativa' : 'Desativada'}
                </span>
              </p>
            </div>
            <StoreActiveToggle store={store} onChanged={changed} className="button button--secondary" />
          </div>
          <div className="painel-store__grid">
            <section className="card" aria-labelledby="painel-link-cadastro">
              <h2 id="painel-link-cadastro">Link de cadastro</h2>
              <p>
                Quem se cadastra por este link fica vinculado à loja. {store.signUpsLast30Days}{' '}
                {store.signUpsLast30Days === 1 ? 'cadastro' : 'cadastros'} nos últimos 30 dias.
              </p>
              <CopyField
                id="painel-loja-link"
                label="Link de cadastro da loja"
                value={store.signUpUrl}
                button="Copiar link"
              />
            </section>
            <KioskCodePanel slug={store.slug} name={store.name} active={store.active} />
          </div>
          <SignUpsReport store={store} />
        </>
      )}
    </div>
  );
}

interface Period {
  from: string;
  to: string;
}

function lastDays(days: number): Period {
  const to = todayInBrazil();
  return { from: daysBefore(to, days - 1), to };
}

type Report = QStaffStoreSignUpsQuery['staffStoreSignUps'];

function SignUpsReport({ store }: { store: StaffStoreFieldsFragment }) {
  const [choice, setChoice] = useState('30');
  const [draft, setDraft] = useState<Period>(() => lastDays(30));
  const [period, setPeriod] = useState<Period>(() => lastDays(30));
  const { data, error, loading } = usePainelQuery(QStaffStoreSignUps, {
    variables: { slug: store.slug, from: period.from, to: period.to },
  });
  const fields = fieldErrors(error as never);
  const report: Report | undefined = data?.staffStoreSignUps;

  const choose = (value: string) => {
    setChoice(value);
    if (value !== 'outro') {
      const next = lastDays(Number(value));
      setDraft(next);
      setPeriod(next);
    }
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setPeriod({ ...draft });
  };
  const download = (shown: Report) => {
    const blob = new Blob([signUpsCsv(store, shown.days)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = signUpsCsvName(store.slug, shown.fromDay, shown.toDay);
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  };

  return (
    <section className="card painel-store__report" aria-labelledby="painel-cadastros">
      <h2 id="painel-cadastros">Cadastros por dia</h2>
      <form className="painel-store__period" onSubmit={apply} aria-label="Período dos cadastros">
        <SelectField label="Período" value={choice} onChange={(e) => choose(e.target.value)}>
          {PERIODS.map((p) => (
            <option key={p.days} value={String(p.days)}>
              {p.label}
            </option>
          ))}
          <option value="outro">Outro período</option>
        </SelectField>
        {choice === 'outro' && (
          <>
            <TextField
              label="De"
              type="date"
              value={draft.from}
              error={fields['from']}
              onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
            />
            <TextField
              label="Até"
              type="date"
              value={draft.to}
              error={fields['to']}
              onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
            />
            <button type="submit" className="button button--secondary">
              Ver período
            </button>
          </>
        )}
      </form>
      <FormAlert message={error && !fields['from'] && !fields['to'] ? errorMessage(error as never) : null} />
      {!report && loading && <Spinner label="Carregando os cadastros…" />}
      {report && (
        <>
          <div className="painel-store__total">
            <button type="button" className="button button--secondary" onClick={() => download(report)}>
              Baixar CSV
            </button>
          </div>
          <DailyBarsChart
            title={`Cadastros por dia em ${store.name}`}
            rows={report.days.map((d) => ({ day: d.day, count: d.signUps }))}
            unit={SIGN_UPS}
          />
        </>
      )}
    </section>
  );
}

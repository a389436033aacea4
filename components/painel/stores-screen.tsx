'use client';
import Link from 'next/link';
import { useState } from 'react';
import { compareNames } from '@/common/format/collate';
import { formatCnpj } from '@/common/format/cnpj';
import { QStaffStores, type StaffStoreFieldsFragment } from '@/lib/painel/operations';
import { Spinner } from '../ui/spinner';
import { StoreActiveToggle } from './store-active-toggle';
import { StoreAddForm } from './store-add-form';
import { storeHref } from './store-screen';
import { usePainelQuery } from './use-painel-query';

/** /painel/lojas (lojas): the partner stores with their status and recent sign-ups, and a form to add one. */
export function StoresScreen() {
  const { data, error, update } = usePainelQuery(QStaffStores, { variables: {} });
  const [added, setAdded] = useState<StaffStoreFieldsFragment | null>(null);
  // A store as a change returned it replaces its row; a new one takes its place by name.
  const changed = (store: StaffStoreFieldsFragment) =>
    update(({ staffStores }) => ({ staffStores: staffStores.map((s) => (s.slug === store.slug ? store : s)) }));
  const onAdded = (store: StaffStoreFieldsFragment) => {
    setAdded(store);
    update(({ staffStores }) => ({
      staffStores: [...staffStores, store].sort((a, b) => compareNames(a.name, b.name)),
    }));
  };

  return (
    <div className="painel-page">
      <h1>Lojas</h1>
      <p className="muted">
        As lojas parceiras, cada uma com o seu link de cadastro e os cadastros dos últimos 30 dias. Abra uma loja para
        criar o código do totem e ver os cadastros por dia.
      </p>
      {added && (
        <p className="painel-link-notice" role="status">
          Loja {added.name} cadastrada. <Link href={storeHref(added.slug)}>Abrir {added.name}</Link> para copiar o link
          de cadastro ou criar o código do totem.
        </p>
      )}
      <div className="painel-columns">
        <section aria-labelledby="painel-lojas" className="painel-columns__main">
          <h2 id="painel-lojas">Lojas parceiras</h2>
          {error && !data && (
            <p className="alert alert--error" role="alert">
              Não foi possível carregar as lojas. Tente de novo em instantes.
            </p>
          )}
          {!data && !error && <Spinner label="Carregando as lojas…" />}
          {data && data.staffStores.length === 0 && <p>Nenhuma loja cadastrada ainda.</p>}
          {data && data.staffStores.length > 0 && (
            <div className="painel-table-wrap">
              <table className="painel-table">
                <caption className="visually-hidden">Lojas parceiras, por nome</caption>
                <thead>
                  <tr>
                    <th scope="col">Loja</th>
                    <th scope="col">Cidade</th>
                    <th scope="col">Situação</th>
                    <th scope="col" className="painel-table__number">
                      Cadastros (30 dias)
                    </th>
                    <th scope="col">Ações</th>
                  </tr>
                </thead>
                <tbody>
                  {data.staffStores.map((store) => (
                    <tr key={store.slug}>
                      <th scope="row">
                        <Link href={storeHref(store.slug)} prefetch={false}>
                          {store.name}
                        </Link>
                        <span className="painel-table__sub">
                          {store.slug}
                          {store.cnpj && (
                            <>
                              {' · '}
                              <span className="painel-nowrap">CNPJ {formatCnpj(store.cnpj)}</span>
                            </>
                          )}
                        </span>
                      </th>
                      <td>{store.city && store.uf ? `${store.city}/${store.uf}` : '—'}</td>
                      <td>
                        <span className={`painel-status painel-status--${store.active ? 'active' : 'disabled'}`}>
                          {store.active ? 'Ativa' : 'Desativada'}
                        </span>
                      </td>
                      <td className="painel-table__number">{store.signUpsLast30Days}</td>
                      <td>
                        <StoreActiveToggle store={store} onChanged={changed} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <div className="painel-columns__side">
          <StoreAddForm onAdded={onAdded} />
        </div>
      </div>
    </div>
  );
}

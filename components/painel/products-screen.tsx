'use client';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import { MStaffImportProducts, QStaffBrandProducts } from '@/lib/painel/operations';
import { PRODUCT_LINE_LABELS, isProductLine } from '@/common/products/lines';
import { FormAlert } from '../ui/form-alert';
import { Spinner } from '../ui/spinner';
import { SubmitButton } from '../ui/submit-button';
import { TextField } from '../ui/text-field';
import { DoneNotice, useDoneNotice } from './done-notice';
import { usePainelMutation } from './use-painel-mutation';
import { usePainelQuery } from './use-painel-query';

/** The catalogue the painel sends at most: the API's own limit. */
const CSV_MAX_BYTES = 1_000_000;

/** /painel/produtos (campanhas, admin): the brand's catalogue with a search, and the import of a CSV file. */
export function ProductsScreen() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const { data, error, refetch } = usePainelQuery(QStaffBrandProducts, { variables: { search: search || null } });
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [importCsv, { loading }] = usePainelMutation(MStaffImportProducts);
  const { done, setDone, status } = useDoneNotice();

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
  };

  const onImport = async (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    if (!file) return setErrors(['Escolha o arquivo CSV do catálogo.']);
    if (file.size > CSV_MAX_BYTES) return setErrors(['O arquivo passa de 1 MB: não é a lista de produtos da marca.']);
    try {
      const result = (await importCsv({ csv: await file.text() })).staffImportProducts;
      setDone(
        `Catálogo importado: ${result.added} novos, ${result.updated} atualizados, ${result.unchanged} sem mudança.`,
      );
      await refetch();
    } catch (failure) {
      // The API lists each refused line on a line of its own.
      setErrors(errorMessage(failure as never).split('\n'));
    }
  };

  return (
    <div className="painel-page">
      <h1>Produtos da marca</h1>
      <p className="muted">
        Só os itens de uma nota com um GTIN deste catálogo ganham pontos. Um produto que sai do arquivo continua aqui:
        ele explica os pontos que já deu.
      </p>
      <DoneNotice done={done} status={status} />
      <form className="painel-filters" role="search" onSubmit={onSearch}>
        <TextField
          label="Buscar produto"
          hint="Parte do nome, SKU, GTIN ou a linha"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="button">
          Buscar
        </button>
      </form>
      {error && !data && (
        <p className="alert alert--error" role="alert">
          Não foi possível carregar o catálogo. Tente de novo em instantes.
        </p>
      )}
      {!data && !error && <Spinner label="Carregando o catálogo…" />}
      {data && data.staffBrandProducts.length === 0 && <p>Nenhum produto encontrado.</p>}
      {data && data.staffBrandProducts.length > 0 && (
        <div className="painel-table-wrap">
          <table className="painel-table">
            <caption>
              {data.staffBrandProducts.length} produtos{search ? ` para "${search}"` : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Produto</th>
                <th scope="col">GTIN</th>
                <th scope="col">SKU</th>
                <th scope="col">Linha</th>
                <th scope="col">Unidade</th>
              </tr>
            </thead>
            <tbody>
              {data.staffBrandProducts.map((p) => (
                <tr key={p.gtin}>
                  <th scope="row">{p.name}</th>
                  <td>{p.gtin}</td>
                  <td>{p.sku}</td>
                  <td>{isProductLine(p.line) ? PRODUCT_LINE_LABELS[p.line] : p.line}</td>
                  <td>{p.unit}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section className="card painel-products-import" aria-labelledby="painel-importar">
        <h2 id="painel-importar">Importar catálogo (CSV)</h2>
        <p className="muted">
          Uma linha por produto: <code>gtin;sku;nome;linha;unidade</code>, com o cabeçalho. Uma linha recusada recusa o
          arquivo inteiro: nada é importado pela metade.
        </p>
        <form className="form" noValidate onSubmit={(event) => void onImport(event)}>
          <FormAlert message={errors.length === 1 ? (errors[0] ?? null) : null} />
          {errors.length > 1 && (
            <div className="alert alert--error" role="alert">
              <p>O arquivo foi recusado; nada foi importado:</p>
              <ul>
                {errors.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          )}
          <div className="field">
            <label className="field__label" htmlFor="painel-produtos-csv">
              Arquivo CSV do catálogo
            </label>
            <input
              id="painel-produtos-csv"
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </div>
          <SubmitButton busy={loading} busyLabel="Importando…">
            Importar
          </SubmitButton>
        </form>
      </section>
    </div>
  );
}

'use client';
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import { formatCount, formatPoints } from '@/common/format/numbers';
import {
  MStaffAddRewardCodes,
  MStaffGenerateRewardCodes,
  MStaffSetRewardStock,
  QStaffRewardStock,
  rewardTypeLabel,
  type StaffRewardStockFieldsFragment,
} from '@/lib/painel/rewards';
import { FieldFrame } from '../ui/field-frame';
import { FormAlert } from '../ui/form-alert';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { RewardDeskTabs } from './reward-desk-tabs';
import { usePainelMutation } from './use-painel-mutation';
import { usePainelQuery } from './use-painel-query';

type Stock = StaffRewardStockFieldsFragment;

/** /painel/premios/estoque (premios): every reward's stock and code pool; set a stock, add or generate codes. */
export function RewardStockScreen() {
  const query = usePainelQuery(QStaffRewardStock, { variables: {} });
  const rewards = query.data?.staffRewardStock;
  const replace = (reward: Stock) =>
    query.update((data) => ({
      staffRewardStock: data.staffRewardStock.map((r) => (r.slug === reward.slug ? reward : r)),
    }));

  return (
    <div className="painel-page premios-desk">
      <h1>Estoque e códigos</h1>
      <RewardDeskTabs />
      <FormAlert message={query.error ? errorMessage(query.error as never) : null} />
      {!rewards && query.loading && <Spinner label="Carregando os prêmios…" />}
      {rewards && (
        <>
          <div className="painel-table-wrap">
            <table className="painel-table">
              <caption className="visually-hidden">Prêmios com estoque e códigos</caption>
              <thead>
                <tr>
                  <th scope="col">Prêmio</th>
                  <th scope="col">Tipo</th>
                  <th scope="col">Pontos</th>
                  <th scope="col">Estoque</th>
                  <th scope="col">Códigos livres</th>
                  <th scope="col">Códigos entregues</th>
                </tr>
              </thead>
              <tbody>
                {rewards.map((r) => (
                  <tr key={r.slug}>
                    <th scope="row">
                      {r.name}
                      <span className="painel-table__sub">
                        {r.slug}
                        {r.draft ? ' · rascunho' : ''}
                      </span>
                    </th>
                    <td>{rewardTypeLabel(r.type)}</td>
                    <td>{formatPoints(r.points)}</td>
                    <td className={r.stock === 0 ? 'premios-stock__empty' : undefined}>
                      {r.stock === 0 ? 'Esgotado (0)' : formatPoints(r.stock)}
                    </td>
                    <td className={r.givesCode && r.freeCodes === 0 ? 'premios-stock__empty' : undefined}>
                      {r.givesCode ? formatPoints(r.freeCodes) : '—'}
                    </td>
                    <td>{r.givesCode ? formatPoints(r.givenCodes) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="premios-stock__forms">
            <StockForm rewards={rewards} onSaved={replace} />
            <CodesForm rewards={rewards.filter((r) => r.givesCode)} onSaved={replace} />
          </div>
        </>
      )}
    </div>
  );
}

function Done({ message }: { message: string | null }) {
  return message ? (
    <p className="alert alert--success" role="status">
      {message}
    </p>
  ) : null;
}

function StockForm({ rewards, onSaved }: { rewards: readonly Stock[]; onSaved: (reward: Stock) => void }) {
  const [slug, setSlug] = useState(rewards[0]?.slug ?? '');
  const [stock, setStock] = useState('');
  const [problem, setProblem] = useState<Error | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [save, saving] = usePainelMutation(MStaffSetRewardStock);
  const current = rewards.find((r) => r.slug === slug);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setDone(null);
    const value = stock.trim() === '' ? NaN : Number(stock);
    try {
      const saved = (await save({ slug, stock: Number.isInteger(value) ? value : -1 })).staffSetRewardStock;
      onSaved(saved);
      setDone(`Estoque de ${saved.name}: ${formatPoints(current?.stock ?? 0)} → ${formatPoints(saved.stock)}.`);
      setStock('');
    } catch (failure) {
      setProblem(failure as Error);
    }
  };
  const fields = fieldErrors(problem as never);
  return (
    <form className="premios-stock__form" onSubmit={(event) => void submit(event)} aria-labelledby="definir-estoque">
      <h2 id="definir-estoque">Definir estoque</h2>
      <SelectField label="Prêmio" value={slug} onChange={(event) => setSlug(event.target.value)}>
        {rewards.map((r) => (
          <option key={r.slug} value={r.slug}>
            {r.name} (estoque {r.stock})
          </option>
        ))}
      </SelectField>
      <TextField
        label="Novo estoque"
        hint="O que há para entregar agora: um número inteiro de 0 a 9.999.999."
        inputMode="numeric"
        value={stock}
        onChange={(event) => setStock(event.target.value.replace(/\D/g, ''))}
        error={fields.stock}
      />
      <FormAlert message={problem && !fields.stock ? errorMessage(problem as never) : null} />
      <Done message={done} />
      <button type="submit" className="button button--primary" disabled={saving.loading}>
        {saving.loading ? 'Salvando…' : 'Salvar estoque'}
      </button>
    </form>
  );
}

function CodesForm({ rewards, onSaved }: { rewards: readonly Stock[]; onSaved: (reward: Stock) => void }) {
  const [slug, setSlug] = useState(rewards[0]?.slug ?? '');
  const [how, setHow] = useState<'colar' | 'gerar'>('colar');
  const [codes, setCodes] = useState('');
  const [count, setCount] = useState('');
  const [prefix, setPrefix] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const [problem, setProblem] = useState<Error | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [add, adding] = usePainelMutation(MStaffAddRewardCodes);
  const [generate, generating] = usePainelMutation(MStaffGenerateRewardCodes);
  if (rewards.length === 0) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setDone(null);
    try {
      const loaded =
        how === 'colar'
          ? (await add({ slug, codes, validUntil: validUntil || null })).staffAddRewardCodes
          : (
              await generate({
                slug,
                count: count.trim() === '' ? 0 : Number(count),
                prefix: prefix || null,
                validUntil: validUntil || null,
              })
            ).staffGenerateRewardCodes;
      onSaved(loaded.reward);
      setDone(
        `${loaded.reward.name}: ${formatCount(loaded.added, 'código novo', 'códigos novos')}${
          loaded.skipped ? `, ${formatCount(loaded.skipped, 'já existia', 'já existiam')}` : ''
        }; ${formatCount(loaded.reward.freeCodes, 'livre', 'livres')}.`,
      );
      setCodes('');
      setCount('');
    } catch (failure) {
      setProblem(failure as Error);
    }
  };
  const fields = fieldErrors(problem as never);
  const busy = adding.loading || generating.loading;
  return (
    <form className="premios-stock__form" onSubmit={(event) => void submit(event)} aria-labelledby="carregar-codigos">
      <h2 id="carregar-codigos">Códigos de vales e cursos</h2>
      <SelectField label="Prêmio" value={slug} onChange={(event) => setSlug(event.target.value)}>
        {rewards.map((r) => (
          <option key={r.slug} value={r.slug}>
            {r.name} ({r.freeCodes} livres)
          </option>
        ))}
      </SelectField>
      <fieldset className="premios-stock__how">
        <legend>Como</legend>
        <label>
          <input type="radio" name="como" checked={how === 'colar'} onChange={() => setHow('colar')} /> Colar códigos
          recebidos
        </label>
        <label>
          <input type="radio" name="como" checked={how === 'gerar'} onChange={() => setHow('gerar')} /> Gerar códigos do
          clube
        </label>
      </fieldset>
      {how === 'colar' ? (
        <FieldFrame
          label="Códigos"
          hint="Um por linha: código, ou código;validade (AAAA-MM-DD). Códigos repetidos são ignorados."
          error={fields.codes}
        >
          {(control) => (
            <textarea
              className="field__input premios-stock__codes"
              rows={6}
              maxLength={50_000}
              spellCheck={false}
              value={codes}
              onChange={(event) => setCodes(event.target.value)}
              {...control}
            />
          )}
        </FieldFrame>
      ) : (
        <>
          <TextField
            label="Quantidade"
            hint="De 1 a 10.000."
            inputMode="numeric"
            value={count}
            onChange={(event) => setCount(event.target.value.replace(/\D/g, ''))}
            error={fields.count}
          />
          <TextField
            label="Prefixo (opcional)"
            hint="Até 8 letras, números ou hífens, como VALE-."
            value={prefix}
            maxLength={8}
            onChange={(event) => setPrefix(event.target.value.toUpperCase())}
          />
        </>
      )}
      <TextField
        label="Validade (opcional)"
        hint="Sem data, os códigos valem pelo prazo do regulamento."
        type="date"
        value={validUntil}
        onChange={(event) => setValidUntil(event.target.value)}
      />
      <FormAlert message={problem && !fields.codes && !fields.count ? errorMessage(problem as never) : null} />
      <Done message={done} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Carregando…' : how === 'colar' ? 'Adicionar códigos' : 'Gerar códigos'}
      </button>
    </form>
  );
}

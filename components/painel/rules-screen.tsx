'use client';
import { useState } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import { formatCount, formatPoints } from '@/common/format/numbers';
import { MStaffEndPointRule, QStaffPointRules, type StaffPointRuleFieldsFragment } from '@/lib/painel/operations';
import { Spinner } from '../ui/spinner';
import { DoneNotice, useDoneNotice } from './done-notice';
import { RuleForm } from './rule-form';
import { RuleSimulator } from './rule-simulator';
import { usePainelMutation } from './use-painel-mutation';
import { usePainelQuery } from './use-painel-query';

type Rule = StaffPointRuleFieldsFragment;

const STATUS_LABELS: Record<string, string> = { vigente: 'Em vigor', agendada: 'Agendada', encerrada: 'Encerrada' };

/** What a rule gives, as people say it. */
export function ruleGives(rule: Pick<Rule, 'kind' | 'rate' | 'per'>): string {
  if (rule.kind === 'base')
    return `${formatCount(rule.rate, 'ponto', 'pontos')} por ${rule.per === 'unit' ? 'unidade' : 'R$ 1'}`;
  if (rule.kind === 'multiplier') return rule.rate === 200 ? 'Em dobro (200%)' : `${rule.rate}% da base`;
  return `+${formatCount(rule.rate, 'ponto', 'pontos')} por compra`;
}

export function ruleFilters(rule: Pick<Rule, 'lines' | 'gtins' | 'ufs' | 'stores'>): string {
  const parts = [
    rule.lines.length ? `Linhas: ${rule.lines.join(', ')}` : '',
    rule.gtins.length ? `GTINs: ${rule.gtins.length}` : '',
    rule.ufs.length ? `Estados: ${rule.ufs.join(', ')}` : '',
    rule.stores.length ? `Lojas: ${rule.stores.length}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Todos os produtos da marca';
}

export const ruleBudget = (rule: Pick<Rule, 'budgetPoints' | 'budgetUsed'>) =>
  rule.budgetPoints === null || rule.budgetPoints === undefined
    ? 'Sem orçamento'
    : `${formatPoints(rule.budgetUsed)} usado de ${formatPoints(rule.budgetPoints)}`;

const ruleCap = (rule: Rule) =>
  rule.capPoints ? `${formatPoints(rule.capPoints)} por ${rule.capPeriod === 'mes' ? 'mês' : 'campanha'}` : '—';

/** "Encerrar", then a confirmation in the row: nothing ends on one click. */
function EndRule({ rule, onEnded }: { rule: Rule; onEnded: (rule: Rule) => void }) {
  const [asking, setAsking] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [end, { loading }] = usePainelMutation(MStaffEndPointRule);
  if (rule.kind === 'base' || rule.status === 'encerrada') return null;
  if (!asking)
    return (
      <button type="button" className="button button--ghost" onClick={() => setAsking(true)}>
        Encerrar<span className="visually-hidden"> {rule.name}</span>
      </button>
    );
  const confirm = async () => {
    try {
      onEnded((await end({ id: rule.id })).staffEndPointRule);
    } catch (error) {
      setFailed(errorMessage(error as never));
    }
  };
  return (
    <div className="painel-rule-end" role="group" aria-label={`Encerrar ${rule.name}`}>
      <p>Encerrar hoje? As compras de hoje ainda contam.</p>
      {failed && (
        <p className="alert alert--error" role="alert">
          {failed}
        </p>
      )}
      <button type="button" className="button" disabled={loading} onClick={() => void confirm()}>
        Sim, encerrar
      </button>{' '}
      <button type="button" className="button button--ghost" onClick={() => setAsking(false)}>
        Cancelar
      </button>
    </div>
  );
}

/** /painel/regras (campanhas, admin): the rules with their status and budget, a new campaign, and the simulator. */
export function RulesScreen() {
  const { data, error, update } = usePainelQuery(QStaffPointRules, { variables: {} });
  const { done, setDone, status } = useDoneNotice();
  const replace = (rule: Rule) =>
    update(({ staffPointRules }) => ({ staffPointRules: staffPointRules.map((r) => (r.id === rule.id ? rule : r)) }));
  const onAdded = (rule: Rule) => {
    update(({ staffPointRules }) => ({ staffPointRules: [rule, ...staffPointRules] }));
    setDone(`Campanha ${rule.name} criada (${rule.code} v${rule.version}).`);
  };
  const onEnded = (rule: Rule) => {
    replace(rule);
    setDone(`Campanha ${rule.name} encerrada: último dia ${rule.endsOn ?? ''}.`);
  };

  return (
    <div className="painel-page">
      <h1>Regras de pontos</h1>
      <p className="muted">
        Cada regra é uma versão: uma vez criada, não muda. Para mudar uma campanha, encerre-a e crie outra. Os pontos de
        cada compra seguem as regras do dia da compra.
      </p>
      <DoneNotice done={done} status={status} />
      <section aria-labelledby="painel-regras">
        <h2 id="painel-regras">Regras e campanhas</h2>
        {error && !data && (
          <p className="alert alert--error" role="alert">
            Não foi possível carregar as regras. Tente de novo em instantes.
          </p>
        )}
        {!data && !error && <Spinner label="Carregando as regras…" />}
        {data && (
          <div className="painel-table-wrap">
            <table className="painel-table">
              <caption className="visually-hidden">Regras de pontos: em vigor, agendadas e encerradas</caption>
              <thead>
                <tr>
                  <th scope="col">Regra</th>
                  <th scope="col">Situação</th>
                  <th scope="col">Dá</th>
                  <th scope="col">Filtros</th>
                  <th scope="col">Período</th>
                  <th scope="col">Orçamento</th>
                  <th scope="col">Limite por membro</th>
                  <th scope="col">Ações</th>
                </tr>
              </thead>
              <tbody>
                {data.staffPointRules.map((rule) => (
                  <tr key={rule.id}>
                    <th scope="row">
                      {rule.name}
                      <span className="painel-table__sub">
                        {rule.code} v{rule.version}
                        {rule.resolution === 'prioridade' ? ` · prioridade ${rule.priority}` : ''}
                      </span>
                    </th>
                    <td>{STATUS_LABELS[rule.status] ?? rule.status}</td>
                    <td>{ruleGives(rule)}</td>
                    <td>{ruleFilters(rule)}</td>
                    <td className="painel-nowrap">
                      {rule.startsOn} a {rule.endsOn ?? 'sem fim'}
                    </td>
                    <td>{ruleBudget(rule)}</td>
                    <td>{ruleCap(rule)}</td>
                    <td>
                      <EndRule rule={rule} onEnded={onEnded} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <div className="painel-rules__tools">
        <RuleForm onAdded={onAdded} />
        <RuleSimulator />
      </div>
    </div>
  );
}

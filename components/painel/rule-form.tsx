'use client';
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import { formatPoints } from '@/common/format/numbers';
import {
  MStaffAddPointRule,
  QStaffEstimateRuleCost,
  type QStaffEstimateRuleCostQuery,
  type StaffPointRuleFieldsFragment,
  type StaffPointRuleInput,
} from '@/lib/painel/operations';
import { PRODUCT_LINE_LABELS, PRODUCT_LINES } from '@/common/products/lines';
import { FormAlert } from '../ui/form-alert';
import { SelectField } from '../ui/select-field';
import { SubmitButton } from '../ui/submit-button';
import { TextField } from '../ui/text-field';
import { usePainelMutation } from './use-painel-mutation';

/** What the form holds: text as typed, turned into the API's input on send. */
export interface RuleDraft {
  name: string;
  kind: 'multiplier' | 'bonus';
  rate: string;
  lines: string[];
  gtins: string;
  stores: string;
  ufs: string;
  startsOn: string;
  endsOn: string;
  capPoints: string;
  capPeriod: '' | 'campanha' | 'mes';
  budgetPoints: string;
  resolution: 'somar' | 'prioridade';
  priority: string;
}

export const EMPTY_DRAFT: RuleDraft = {
  name: '',
  kind: 'multiplier',
  rate: '200',
  lines: [],
  gtins: '',
  stores: '',
  ufs: '',
  startsOn: '',
  endsOn: '',
  capPoints: '',
  capPeriod: '',
  budgetPoints: '',
  resolution: 'somar',
  priority: '0',
};

type Field = keyof RuleDraft;

const listOf = (text: string) =>
  text
    .split(/[,;\s]+/)
    .map((v) => v.trim())
    .filter(Boolean);

const intOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** The form's own checks, before the API's: what is missing or is not a whole number. */
export function draftErrors(draft: RuleDraft): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const whole = (text: string) => /^\d+$/.test(text.trim());
  if (draft.name.trim().length < 3) errors.name = 'Informe o nome da campanha (3 a 80 caracteres).';
  if (!whole(draft.rate))
    errors.rate = draft.kind === 'multiplier' ? 'Informe o percentual: 200 é em dobro.' : 'Informe os pontos do bônus.';
  if (!draft.startsOn) errors.startsOn = 'Informe o primeiro dia da campanha.';
  if (draft.capPoints.trim() !== '' && !whole(draft.capPoints))
    errors.capPoints = 'O limite por membro é um número inteiro de pontos.';
  if (draft.capPoints.trim() !== '' && !draft.capPeriod)
    errors.capPeriod = 'Escolha se o limite é por campanha ou por mês.';
  if (draft.budgetPoints.trim() !== '' && !whole(draft.budgetPoints))
    errors.budgetPoints = 'O orçamento é um número inteiro de pontos.';
  return errors;
}

export function inputOf(draft: RuleDraft): StaffPointRuleInput {
  return {
    name: draft.name.trim(),
    kind: draft.kind,
    rate: Number(draft.rate),
    lines: draft.lines,
    gtins: listOf(draft.gtins),
    stores: listOf(draft.stores),
    ufs: listOf(draft.ufs.toUpperCase()),
    startsOn: draft.startsOn,
    endsOn: draft.endsOn || null,
    capPoints: intOrNull(draft.capPoints),
    capPeriod: draft.capPeriod || null,
    budgetPoints: intOrNull(draft.budgetPoints),
    resolution: draft.resolution,
    priority: intOrNull(draft.priority) ?? 0,
  };
}

type Estimate = QStaffEstimateRuleCostQuery['staffEstimateRuleCost'];

/** "Custo estimado" as a sentence: the points and what they were counted over. */
export function estimateText(estimate: Estimate): string {
  const budget =
    estimate.points < estimate.pointsBeforeBudget
      ? ` (sem o orçamento seriam ${formatPoints(estimate.pointsBeforeBudget)})`
      : '';
  const limited = estimate.limited ? ', as mais recentes' : '';
  return `Custo estimado: ${formatPoints(estimate.points)} pontos${budget}, em ${estimate.invoicesWithPoints} de ${estimate.invoicesConsidered} notas aprovadas de ${estimate.fromDay} a ${estimate.toDay}${limited}, para ${estimate.members} membros.`;
}

/** A new campaign: every field labelled, the estimated cost before saving, the API's messages under their fields. */
export function RuleForm({ onAdded }: { onAdded: (rule: StaffPointRuleFieldsFragment) => void }) {
  const [draft, setDraft] = useState<RuleDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const [add, { loading: adding }] = usePainelMutation(MStaffAddPointRule);
  const [estimateCost, { loading: estimating }] = usePainelMutation(QStaffEstimateRuleCost);

  const set = <K extends Field>(field: K, value: RuleDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    // An estimate is of the draft as it was: any change asks for a new one.
    setEstimate(null);
  };
  const text = (field: Exclude<Field, 'lines'>) => ({
    value: draft[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value as never),
  });

  const checked = (): StaffPointRuleInput | null => {
    const found = draftErrors(draft);
    setErrors(found);
    setAlert(Object.keys(found).length > 0 ? 'Confira os campos marcados.' : null);
    return Object.keys(found).length > 0 ? null : inputOf(draft);
  };
  const refused = (error: unknown) => {
    const byField = fieldErrors(error as never) as Partial<Record<Field, string>>;
    setErrors(byField);
    setAlert(errorMessage(error as never));
  };

  const onEstimate = async () => {
    const input = checked();
    if (!input) return;
    try {
      setEstimate((await estimateCost({ input })).staffEstimateRuleCost);
    } catch (error) {
      refused(error);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = checked();
    if (!input) return;
    try {
      const data = await add({ input });
      setDraft(EMPTY_DRAFT);
      setEstimate(null);
      onAdded(data.staffAddPointRule);
    } catch (error) {
      refused(error);
    }
  };

  return (
    <section className="card painel-rule-form" aria-labelledby="painel-nova-campanha">
      <h2 id="painel-nova-campanha">Nova campanha</h2>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormAlert message={alert} />
        <TextField label="Nome da campanha" autoComplete="off" {...text('name')} />
        <SelectField
          label="Tipo"
          value={draft.kind}
          error={errors.kind}
          onChange={(event) => set('kind', event.target.value as RuleDraft['kind'])}
        >
          <option value="multiplier">Multiplicador (sobre a regra base)</option>
          <option value="bonus">Bônus fixo por compra</option>
        </SelectField>
        <TextField
          label={draft.kind === 'multiplier' ? 'Percentual' : 'Pontos do bônus'}
          hint={draft.kind === 'multiplier' ? '200 dá o dobro dos pontos da regra base' : 'Uma vez por compra'}
          inputMode="numeric"
          {...text('rate')}
        />
        <fieldset className="painel-rule-form__lines">
          <legend>Linhas de produtos</legend>
          <p className="muted">Nenhuma marcada: todas as linhas (ou só os GTINs abaixo).</p>
          {PRODUCT_LINES.map((line) => (
            <label key={line} className="painel-rule-form__check">
              <input
                type="checkbox"
                checked={draft.lines.includes(line)}
                onChange={(event) =>
                  set('lines', event.target.checked ? [...draft.lines, line] : draft.lines.filter((l) => l !== line))
                }
              />{' '}
              {PRODUCT_LINE_LABELS[line]} ({line})
            </label>
          ))}
          {errors.lines && (
            <p className="alert alert--error" role="alert">
              {errors.lines}
            </p>
          )}
        </fieldset>
        <TextField label="GTINs (opcional)" hint="Separados por vírgula" spellCheck={false} {...text('gtins')} />
        <TextField label="Estados (UF, opcional)" hint="Siglas separadas por vírgula, como SP, PR" {...text('ufs')} />
        <TextField
          label="CNPJs das lojas (opcional)"
          hint="Separados por vírgula"
          spellCheck={false}
          {...text('stores')}
        />
        <div className="painel-rule-form__row">
          <TextField label="Primeiro dia" type="date" {...text('startsOn')} />
          <TextField label="Último dia (opcional)" type="date" {...text('endsOn')} />
        </div>
        <div className="painel-rule-form__row">
          <TextField label="Limite por membro (pontos, opcional)" inputMode="numeric" {...text('capPoints')} />
          <SelectField
            label="Período do limite"
            value={draft.capPeriod}
            error={errors.capPeriod}
            onChange={(event) => set('capPeriod', event.target.value as RuleDraft['capPeriod'])}
          >
            <option value="">Sem limite</option>
            <option value="campanha">Por campanha</option>
            <option value="mes">Por mês</option>
          </SelectField>
        </div>
        <TextField
          label="Orçamento (pontos, opcional)"
          hint="Gasto o orçamento, a campanha para de dar pontos"
          inputMode="numeric"
          {...text('budgetPoints')}
        />
        <div className="painel-rule-form__row">
          <SelectField
            label="Resolução"
            value={draft.resolution}
            error={errors.resolution}
            onChange={(event) => set('resolution', event.target.value as RuleDraft['resolution'])}
          >
            <option value="somar">Somar com as outras campanhas</option>
            <option value="prioridade">Prioridade (só a de maior prioridade)</option>
          </SelectField>
          <TextField label="Prioridade" inputMode="numeric" {...text('priority')} />
        </div>
        <p className="painel-rule-form__estimate" role="status">
          {estimate ? estimateText(estimate) : ''}
        </p>
        <div className="painel-rule-form__actions">
          <button
            type="button"
            className="button button--ghost"
            disabled={estimating}
            onClick={() => void onEstimate()}
          >
            {estimating ? 'Calculando…' : 'Calcular custo estimado'}
          </button>
          <SubmitButton busy={adding} busyLabel="Criando…">
            Criar campanha
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}

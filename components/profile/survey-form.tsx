'use client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { MUpdateWoodworkSurvey, QEquipments } from '@/lib/profile/operations';
import { useLazyZodResolver } from '@/lib/validation/lazy-resolver';
import { CUSTOMER_TYPES, GRADE_MAX, GRADE_MIN, PROJECT_GRADES } from '@/common/validation/profile-options';
import type { SurveyData, SurveyFormInput } from '@/common/validation/profile-schema';
import { useFormServerError } from '../forms/use-form-server-error';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import { useFocusWhenShown } from '../ui/use-focus-when-shown';

type GradeName = (typeof PROJECT_GRADES)[number]['name'];

export interface SurveyValues {
  employeesAmount?: number | null;
  customerType?: string | null;
  bedroomProjectGrade?: number | null;
  kitchenProjectGrade?: number | null;
  bathroomProjectGrade?: number | null;
  laundryProjectGrade?: number | null;
  livingRoomProjectGrade?: number | null;
  otherProjectTypes?: string | null;
  equipments: readonly { id: string }[];
  otherEquipments?: string | null;
}

/** '' → null, digits → number; anything else becomes NaN so the schema's message shows. */
const toNumberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

const FIELDS = [
  'employeesAmount',
  'customerType',
  ...PROJECT_GRADES.map((g) => g.name),
  'otherProjectTypes',
  'equipmentIds',
  'otherEquipments',
] as const;

const GRADES = Array.from({ length: GRADE_MAX - GRADE_MIN + 1 }, (_, i) => GRADE_MIN + i);

/** The workshop survey: team size, customers, how much of each project kind, equipment. */
export function SurveyForm({ survey }: { survey: SurveyValues | null }) {
  const { data: list } = useQuery(QEquipments);
  const [save, { loading }] = useMutation(MUpdateWoodworkSurvey);
  const [saved, setSaved] = useState(false);
  const savedRef = useFocusWhenShown<HTMLParagraphElement>(saved);
  const equipmentHint = useId();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    getValues,
    formState: { errors },
  } = useForm<SurveyFormInput, unknown, SurveyData>({
    resolver: useLazyZodResolver(() => import('@/common/validation/profile-schema').then((m) => m.surveySchema)),
    defaultValues: {
      employeesAmount: survey?.employeesAmount ?? null,
      customerType: (survey?.customerType ?? null) as SurveyFormInput['customerType'],
      bedroomProjectGrade: survey?.bedroomProjectGrade ?? null,
      kitchenProjectGrade: survey?.kitchenProjectGrade ?? null,
      bathroomProjectGrade: survey?.bathroomProjectGrade ?? null,
      laundryProjectGrade: survey?.laundryProjectGrade ?? null,
      livingRoomProjectGrade: survey?.livingRoomProjectGrade ?? null,
      otherProjectTypes: survey?.otherProjectTypes ?? '',
      equipmentIds: survey?.equipments.map((e) => e.id) ?? [],
      otherEquipments: survey?.otherEquipments ?? '',
    },
  });
  const { serverError, showServerError, clearServerError } = useFormServerError(
    setError,
    FIELDS as unknown as readonly (keyof SurveyFormInput)[],
  );
  const selected = watch('equipmentIds');

  const onSubmit = handleSubmit(async () => {
    clearServerError();
    setSaved(false);
    try {
      const v = getValues();
      await save({
        variables: {
          input: {
            ...v,
            customerType: v.customerType || null,
            otherProjectTypes: v.otherProjectTypes,
            otherEquipments: v.otherEquipments,
          },
        },
      });
      setSaved(true);
    } catch (error) {
      showServerError(error);
    }
  });

  const toggle = (id: string, on: boolean) =>
    setValue('equipmentIds', on ? [...selected, id] : selected.filter((e) => e !== id), { shouldDirty: true });

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Pesquisa da marcenaria">
      {serverError && (
        <p className="alert alert--error" role="alert">
          {serverError}
        </p>
      )}
      <div className="form__row">
        <TextField
          label="Quantas pessoas trabalham com você?"
          inputMode="numeric"
          error={errors.employeesAmount?.message}
          {...register('employeesAmount', { setValueAs: toNumberOrNull })}
        />
        <SelectField
          label="Para quem você mais trabalha?"
          error={errors.customerType?.message}
          {...register('customerType', { setValueAs: (v: unknown) => (v === '' ? null : v) })}
        >
          <option value="">Escolha uma opção</option>
          {CUSTOMER_TYPES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset className="fieldset">
        <legend>
          Quanto você faz de cada projeto? ({GRADE_MIN} = pouco, {GRADE_MAX} = muito)
        </legend>
        <div className="grade-grid">
          {PROJECT_GRADES.map((g) => (
            <SelectField
              key={g.name}
              label={g.label}
              error={errors[g.name as GradeName]?.message}
              {...register(g.name as GradeName, { setValueAs: toNumberOrNull })}
            >
              <option value="">Não faço</option>
              {GRADES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </SelectField>
          ))}
        </div>
      </fieldset>
      <TextField
        label="Outros tipos de projeto (opcional)"
        error={errors.otherProjectTypes?.message}
        {...register('otherProjectTypes')}
      />
      <fieldset className="fieldset" aria-describedby={equipmentHint}>
        <legend>Equipamentos da sua marcenaria</legend>
        <p className="field__hint" id={equipmentHint}>
          Marque todos que você usa.
        </p>
        <div className="equipment-grid">
          {(list?.equipments ?? []).map((e) => (
            <div className="checkbox-field" key={e.id}>
              <input
                id={`equipamento-${e.id}`}
                type="checkbox"
                className="checkbox-field__input"
                checked={selected.includes(e.id)}
                onChange={(event) => toggle(e.id, event.target.checked)}
              />
              <label className="checkbox-field__label" htmlFor={`equipamento-${e.id}`}>
                {e.name}
              </label>
            </div>
          ))}
        </div>
        {errors.equipmentIds?.message && <p className="field__error">{errors.equipmentIds.message}</p>}
      </fieldset>
      <TextField
        label="Outros equipamentos (opcional)"
        error={errors.otherEquipments?.message}
        {...register('otherEquipments')}
      />
      {saved && (
        <p ref={savedRef} className="alert alert--info" role="status" tabIndex={-1}>
          Pesquisa salva. Obrigado!
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={loading}>
        {loading ? 'Salvando…' : 'Salvar pesquisa'}
      </button>
    </form>
  );
}

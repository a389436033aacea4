'use client';
import { useController, type Control } from 'react-hook-form';
import type { ProjectDraftValues } from '@/lib/projects/draft';
import { splitMonth } from '@/lib/projects/format';
import { SelectField } from '../ui/select-field';

const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];
/** Projects finished in the last ten years: older work is not what the club rewards. */
const YEARS_BACK = 10;

/** The month the project was finished, as two selects (month, year) writing one "YYYY-MM" value. */
export function FinishedMonthFields({ control }: { control: Control<ProjectDraftValues> }) {
  const { field, fieldState } = useController({ control, name: 'finishedMonth' });
  const { year, month } = splitMonth(field.value);
  const thisYear = new Date().getFullYear();
  return (
    <div className="project-form__row">
      <SelectField
        label="Mês de conclusão"
        name={field.name}
        ref={field.ref}
        value={month}
        error={fieldState.error?.message}
        onBlur={field.onBlur}
        onChange={(e) => field.onChange(`${year}-${e.target.value}`)}
      >
        <option value="">Mês</option>
        {MONTHS.map((name, index) => (
          <option key={name} value={String(index + 1).padStart(2, '0')}>
            {name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Ano de conclusão"
        value={year}
        onBlur={field.onBlur}
        onChange={(e) => field.onChange(`${e.target.value}-${month}`)}
      >
        <option value="">Ano</option>
        {Array.from({ length: YEARS_BACK + 1 }, (_, i) => String(thisYear - i)).map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

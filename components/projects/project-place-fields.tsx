'use client';
import { useQuery } from '@apollo/client/react';
import { useController, type UseFormReturn } from 'react-hook-form';
import { QCities } from '@/lib/graphql/operations';
import type { ProjectDraftValues } from '@/lib/projects/draft';
import { SelectField } from '../ui/select-field';

export interface StateOption {
  id: string;
  name: string;
}

/** Where the project was installed: the state, then a city from the API's list for it. */
export function ProjectPlaceFields({
  form,
  states,
}: {
  form: UseFormReturn<ProjectDraftValues>;
  states: readonly StateOption[];
}) {
  // Controlled: both lists arrive after the form, and a select left to itself would drop a value kept in the draft.
  const { field: state, fieldState: stateStatus } = useController({ control: form.control, name: 'stateId' });
  const { field: city, fieldState: cityStatus } = useController({ control: form.control, name: 'city' });
  const { data: cities } = useQuery(QCities, { variables: { stateId: state.value }, skip: !state.value });
  const listed = cities?.cities ?? [];
  return (
    <div className="project-form__row">
      <SelectField
        {...state}
        label="Estado onde foi instalado"
        error={stateStatus.error?.message}
        onChange={(e) => {
          state.onChange(e.target.value);
          form.setValue('city', '');
        }}
      >
        <option value="">Escolha o estado</option>
        {states.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <SelectField {...city} label="Cidade" error={cityStatus.error?.message} disabled={!state.value}>
        <option value="">{state.value ? 'Escolha a cidade' : 'Escolha o estado primeiro'}</option>
        {listed.map((c) => (
          <option key={c.id} value={c.name}>
            {c.name}
          </option>
        ))}
        {/* A city kept in the draft stays chosen while its state's list is on its way. */}
        {city.value && !listed.some((c) => c.name === city.value) && <option value={city.value}>{city.value}</option>}
      </SelectField>
    </div>
  );
}

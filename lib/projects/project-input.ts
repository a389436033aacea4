import type { ProjectEnvironment, ProjectInput } from '../graphql/generated/graphql';
import { EMPTY_DRAFT_VALUES, type ProjectDraftValues } from './draft';

type FormField = keyof ProjectDraftValues;

/** The API's name (`extensions.fields`) of a form field: the form keeps the state's id, the API takes its UF. */
export function apiFieldOf(field: string): string {
  return field === 'stateId' ? 'uf' : field;
}

/** The form field an API field error belongs under, or null when the form has no such field. */
export function formFieldOf(apiField: string): FormField | null {
  const field = apiField === 'uf' ? 'stateId' : apiField;
  return Object.prototype.hasOwnProperty.call(EMPTY_DRAFT_VALUES, field) ? (field as FormField) : null;
}

/** The checked form as `submitProject`/`resendProject` take it; `uf` is the chosen state's, from the API's list. */
export function toProjectInput(values: ProjectDraftValues, uf: string): ProjectInput {
  return {
    title: values.title.trim(),
    environment: values.environment as ProjectEnvironment,
    description: values.description.trim(),
    uf,
    city: values.city,
    finishedMonth: values.finishedMonth,
    productIds: values.productIds,
    invoiceIds: values.invoiceIds,
    campaignSlug: values.campaignSlug || null,
    publishConsent: values.publishConsent,
  };
}

import { todayInBrazil } from '../format/dates';
import type { ProjectDraftValues } from './draft';
import { PROJECT_DESCRIPTION_MAX, PROJECT_TITLE_MAX, PROJECT_TITLE_MIN } from './limits';

export const PROJECT_MESSAGES = {
  title: `Dê um título ao projeto (de ${PROJECT_TITLE_MIN} a ${PROJECT_TITLE_MAX} caracteres).`,
  environment: 'Escolha o ambiente do projeto.',
  description: 'Conte em poucas linhas o que foi feito.',
  descriptionTooLong: `A descrição tem no máximo ${PROJECT_DESCRIPTION_MAX.toLocaleString('pt-BR')} caracteres.`,
  state: 'Escolha o estado onde o projeto foi instalado.',
  city: 'Escolha a cidade onde o projeto foi instalado.',
  month: 'Informe o mês e o ano em que o projeto ficou pronto.',
  future: 'O mês de conclusão não pode ser depois do mês atual.',
  products: 'Escolha pelo menos um produto do clube usado no projeto.',
} as const;

/** Splits the form's "YYYY-MM" (either part may still be empty) into its year and month. */
export function splitMonth(value: string): { year: string; month: string } {
  const [year = '', month = ''] = value.split('-');
  return { year, month };
}

/**
 * The pt-BR message of each field the member must fix before sending, keyed like the API's `extensions.fields`.
 * The API checks all of it again.
 */
export function validateProject(values: ProjectDraftValues, now = new Date()): Record<string, string> {
  const errors: Record<string, string> = {};
  const title = values.title.trim();
  if (title.length < PROJECT_TITLE_MIN || title.length > PROJECT_TITLE_MAX) errors['title'] = PROJECT_MESSAGES.title;
  if (!values.environment) errors['environment'] = PROJECT_MESSAGES.environment;
  const description = values.description.trim();
  if (description === '') errors['description'] = PROJECT_MESSAGES.description;
  else if (description.length > PROJECT_DESCRIPTION_MAX) errors['description'] = PROJECT_MESSAGES.descriptionTooLong;
  if (!values.stateId) errors['uf'] = PROJECT_MESSAGES.state;
  else if (!values.city) errors['city'] = PROJECT_MESSAGES.city;
  const { year, month } = splitMonth(values.finishedMonth);
  if (!/^\d{4}$/.test(year) || !/^\d{2}$/.test(month)) errors['finishedMonth'] = PROJECT_MESSAGES.month;
  else if (values.finishedMonth > todayInBrazil(now).slice(0, 7)) errors['finishedMonth'] = PROJECT_MESSAGES.future;
  if (values.productIds.length === 0) errors['productIds'] = PROJECT_MESSAGES.products;
  return errors;
}

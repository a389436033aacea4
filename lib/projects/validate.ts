import * as z from 'zod/mini';
import { todayInBrazil } from '@/common/format/dates';
import type { ProjectDraftValues } from './draft';
import { splitMonth } from './format';
import { PROJECT_DESCRIPTION_MAX, PROJECT_TITLE_MAX, PROJECT_TITLE_MIN } from '@/common/projects/limits';
import { apiFieldOf } from './project-input';

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

const chosen = (message: string) => z.string().check(z.minLength(1, message));

const isWholeMonth = (value: string): boolean => {
  const { year, month } = splitMonth(value);
  return /^\d{4}$/.test(year) && /^\d{2}$/.test(month);
};

/**
 * The project form's rules and their pt-BR messages, checked before the send. The API checks all of it again with
 * its own schema and wording (server/modules/projects/service.ts); the limits both use are in ./limits. The photos
 * are not form values: their upload queue says when they are ready.
 */
export function projectSchema(now: () => Date = () => new Date()) {
  return z
    .object({
      title: z
        .string()
        .check(
          z.trim(),
          z.minLength(PROJECT_TITLE_MIN, PROJECT_MESSAGES.title),
          z.maxLength(PROJECT_TITLE_MAX, PROJECT_MESSAGES.title),
        ),
      environment: chosen(PROJECT_MESSAGES.environment),
      description: z
        .string()
        .check(
          z.trim(),
          z.minLength(1, PROJECT_MESSAGES.description),
          z.maxLength(PROJECT_DESCRIPTION_MAX, PROJECT_MESSAGES.descriptionTooLong),
        ),
      stateId: chosen(PROJECT_MESSAGES.state),
      city: z.string(),
      finishedMonth: z.string().check(
        z.refine(isWholeMonth, PROJECT_MESSAGES.month),
        z.refine((value) => !isWholeMonth(value) || value <= todayInBrazil(now()).slice(0, 7), PROJECT_MESSAGES.future),
      ),
      productIds: z.array(z.string()).check(z.minLength(1, PROJECT_MESSAGES.products)),
      invoiceIds: z.array(z.string()),
      campaignSlug: z.string(),
      publishConsent: z.boolean(),
    })
    .check(
      // The city is asked for once a state is chosen: until then its list is empty.
      z.refine((values) => values.stateId === '' || values.city !== '', {
        message: PROJECT_MESSAGES.city,
        path: ['city'],
      }),
    );
}

/**
 * The pt-BR message of each field the member must fix before sending, keyed like the API's `extensions.fields`
 * (the state as `uf`).
 */
export function validateProject(values: ProjectDraftValues, now = new Date()): Record<string, string> {
  const result = projectSchema(() => now).safeParse(values);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[apiFieldOf(String(issue.path[0]))] ??= issue.message;
  return errors;
}

import { routes } from '@/common/routes';

/** The send form's address for correcting a refused project (its own route reads `corrigir`). */
export const fixProjectHref = (id: string): string =>
  `${routes.sendProject()}?${new URLSearchParams({ corrigir: id }).toString()}`;

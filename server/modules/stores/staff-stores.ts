// The stores as the painel shows them: the rows of `npm run stores -- list` with their full sign-up link and the
// sign-ups of the last 30 days.
import { routes } from '../../../common/routes';
import type { StaffActor } from '../../graphql/staff-access';
import type { OperatorDeps } from '../service-deps';
import { addStore, requireStore, setActive, signUpsLast30Days, storeSignUpsPerDay, storesList } from './actions';
import type { StoreRow } from './repository';

export interface StaffStoreView {
  slug: string;
  name: string;
  city: string | null;
  uf: string | null;
  cnpj: string | null;
  active: boolean;
  createdAt: string;
  signUpUrl: string;
  signUpsLast30Days: number;
}

export const signUpUrlOf = (deps: OperatorDeps, slug: string) =>
  `${deps.config.publicUrl}${routes.promoSignUpSubsidiary({ subsidiarySlug: slug })}`;

function viewOf(deps: OperatorDeps, store: StoreRow, counts: ReadonlyMap<string, number>): StaffStoreView {
  const slug = store.slug ?? '';
  return {
    slug,
    name: store.name,
    city: store.city,
    uf: store.uf,
    cnpj: store.cnpj,
    active: store.active === 1,
    createdAt: store.created_at,
    signUpUrl: signUpUrlOf(deps, slug),
    signUpsLast30Days: counts.get(slug) ?? 0,
  };
}

export async function staffStores(deps: OperatorDeps): Promise<StaffStoreView[]> {
  const [stores, counts] = await Promise.all([storesList(deps), signUpsLast30Days(deps)]);
  return stores.map((store) => viewOf(deps, store, counts));
}

export async function staffStore(deps: OperatorDeps, slug: string): Promise<StaffStoreView> {
  const store = await requireStore(deps.db, slug);
  return viewOf(deps, store, await signUpsLast30Days(deps));
}

export async function staffAddStore(deps: OperatorDeps, actor: StaffActor, input: unknown): Promise<StaffStoreView> {
  const store = await addStore(deps, actor, input);
  return viewOf(deps, store, new Map());
}

export async function staffSetStoreActive(
  deps: OperatorDeps,
  actor: StaffActor,
  slug: string,
  active: boolean,
): Promise<StaffStoreView> {
  const store = await setActive(deps, actor, slug, active);
  return viewOf(deps, store, await signUpsLast30Days(deps));
}

export async function staffStoreSignUps(deps: OperatorDeps, slug: string, from?: string | null, to?: string | null) {
  const report = await storeSignUpsPerDay(deps, slug, from, to);
  return { fromDay: report.fromDay, toDay: report.toDay, total: report.total, days: report.days };
}

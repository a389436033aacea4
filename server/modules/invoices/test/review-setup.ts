import { DEMO_MEMBER } from '../../../seed';
import { createSharedTestApps, fakeClock, loginAs, type FakeClock, type SharedTestApps } from '../../../test/helpers';
import { enrolStaff, type EnrolledStaff } from '../../../test/staff';
import { createMember } from '../../users/repository';

/** A second member, beside the demo member Ana. */
export const BIA = {
  name: 'Bia',
  surName: 'Lima',
  cpf: '11144477735',
  email: 'bia@exemplo.com.br',
  password: 'Senha#forte1',
};

/** A review desk's test club: its apps on one database, the clock, two members signed in and two reviewers. */
export interface ReviewClub {
  readonly s: SharedTestApps;
  readonly clock: FakeClock;
  readonly ana: string;
  readonly bia: string;
  readonly rafael: EnrolledStaff;
  readonly sofia: EnrolledStaff;
}

export async function reviewClub(processes = 1): Promise<ReviewClub> {
  const clock = fakeClock();
  const s = await createSharedTestApps(processes, { now: clock.now });
  const t = { app: s.apps[0]!, db: s.db, config: s.config };
  await createMember(s.db, BIA);
  return {
    s,
    clock,
    ana: (await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token,
    bia: (await loginAs(t.app, BIA.email, BIA.password)).token,
    rafael: await enrolStaff(t, { email: 'rafael@clube.test', roles: ['revisor'], name: 'Rafael Revisor' }),
    sofia: await enrolStaff(t, { email: 'sofia@clube.test', roles: ['revisor'], name: 'Sofia Revisora' }),
  };
}

import type { Db } from '../../db/schema';
import { demoStaffPresent } from '../staff';
import { findDemoMembers } from '../users';

/** Whether any demo account (a demo member, or a demo staff account) is still in the club. */
export async function demoDataPresent(db: Db): Promise<boolean> {
  return (await demoStaffPresent(db)) || (await findDemoMembers(db)).length > 0;
}

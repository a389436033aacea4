import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../database';

const roleList = (roles: readonly string[]) => sql.raw(roles.map((r) => `'${r}'`).join(', '));
const BEFORE = ['revisor', 'atendimento', 'lojas', 'premios', 'admin'];
const AFTER = [...BEFORE, 'campanhas'];

/**
 * The `campanhas` role (earning rules, campaigns and the brand's catalogue in the painel): `staff_roles.role` takes
 * it. PostgreSQL swaps the column's check; SQLite cannot alter a check, so the small table is copied into a new one.
 */
async function allowRoles(db: Kysely<unknown>, roles: readonly string[]): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`ALTER TABLE staff_roles DROP CONSTRAINT IF EXISTS staff_roles_role_check`.execute(db);
    await sql`ALTER TABLE staff_roles ADD CONSTRAINT staff_roles_role_check CHECK (role in (${roleList(roles)}))`.execute(
      db,
    );
    return;
  }
  await sql`CREATE TABLE staff_roles_next (
    staff_id integer NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
    role text NOT NULL CHECK (role in (${roleList(roles)})),
    CONSTRAINT staff_roles_pk PRIMARY KEY (staff_id, role)
  )`.execute(db);
  await sql`INSERT INTO staff_roles_next (staff_id, role) SELECT staff_id, role FROM staff_roles WHERE role in (${roleList(roles)})`.execute(
    db,
  );
  await sql`DROP TABLE staff_roles`.execute(db);
  await sql`ALTER TABLE staff_roles_next RENAME TO staff_roles`.execute(db);
}

export const campaignsRole: Migration = {
  up: (db: Kysely<unknown>) => allowRoles(db, AFTER),
  async down(db: Kysely<unknown>) {
    await sql`DELETE FROM staff_roles WHERE role = 'campanhas'`.execute(db);
    await allowRoles(db, BEFORE);
  },
};

import type { Kysely, Migration } from 'kysely';
import { idColumn } from '../dialect';

export const profileWorkshopSurvey: Migration = {
  async up(db: Kysely<unknown>) {
    // Cities typed by members (the shipped IBGE list is partial) are kept apart from the official list.
    await db.schema
      .alterTable('cities')
      .addColumn('typed_by_member', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('user_wood_works')
      .$call(idColumn(db))
      .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
      .addColumn('cnpj', 'text', (c) => c.unique())
      .addColumn('cnpj_updated_at', 'text')
      .addColumn('corporate_name', 'text')
      .addColumn('fantasy_name', 'text')
      .addColumn('cep', 'text')
      .addColumn('address', 'text')
      .addColumn('number', 'text')
      .addColumn('complement', 'text')
      .addColumn('district', 'text')
      .addColumn('state_id', 'integer', (c) => c.references('states.id'))
      .addColumn('city_id', 'integer', (c) => c.references('cities.id'))
      .addColumn('site_url', 'text')
      .addColumn('instagram_url', 'text')
      .addColumn('facebook_url', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('equipments')
      .$call(idColumn(db))
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .execute();

    await db.schema
      .createTable('woodwork_surveys')
      .$call(idColumn(db))
      .addColumn('wood_work_id', 'integer', (c) =>
        c.notNull().unique().references('user_wood_works.id').onDelete('cascade'),
      )
      .addColumn('employees_amount', 'integer')
      .addColumn('customer_type', 'text')
      .addColumn('bedroom_project_grade', 'integer')
      .addColumn('kitchen_project_grade', 'integer')
      .addColumn('bathroom_project_grade', 'integer')
      .addColumn('laundry_project_grade', 'integer')
      .addColumn('living_room_project_grade', 'integer')
      .addColumn('other_project_types', 'text')
      .addColumn('other_equipments', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('woodwork_survey_equipments')
      .addColumn('survey_id', 'integer', (c) => c.notNull().references('woodwork_surveys.id').onDelete('cascade'))
      .addColumn('equipment_id', 'integer', (c) => c.notNull().references('equipments.id'))
      .addPrimaryKeyConstraint('woodwork_survey_equipments_pk', ['survey_id', 'equipment_id'])
      .execute();

    // Every answer to the consent modal, kept as evidence (LGPD art. 8: the controller proves consent).
    await db.schema
      .createTable('consent_answers')
      .$call(idColumn(db))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('accepted', 'integer', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('answered_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('consent_answers_user_idx').on('consent_answers').column('user_id').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('consent_answers').execute();
    await db.schema.dropTable('woodwork_survey_equipments').execute();
    await db.schema.dropTable('woodwork_surveys').execute();
    await db.schema.dropTable('equipments').execute();
    await db.schema.dropTable('user_wood_works').execute();
    await db.schema.alterTable('cities').dropColumn('typed_by_member').execute();
  },
};

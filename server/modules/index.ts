import type { ClubModule } from './club-module';
import { authModule } from './auth';
import { contentModule } from './content';
import { dashboardModule } from './dashboard';
import { demoModule } from './demo';
import { deviceSessionsModule } from './device-sessions';
import { invoicesModule } from './invoices';
import { kioskModule } from './kiosk';
import { membersModule } from './members';
import { notificationsModule } from './notifications';
import { partnerModule } from './partner';
import { pointsModule } from './points';
import { productsModule } from './products';
import { profileModule } from './profile';
import { projectsModule } from './projects';
import { rewardsModule } from './rewards';
import { staffModule } from './staff';
import { storesModule } from './stores';
import { usersModule } from './users';
import { whatsappModule } from './whatsapp';

/**
 * Every module of the club, in the order their reference data is written: careers and places before the stores
 * that sit in them.
 */
export const clubModules: readonly ClubModule[] = [
  usersModule,
  authModule,
  profileModule,
  storesModule,
  productsModule,
  kioskModule,
  contentModule,
  invoicesModule,
  pointsModule,
  notificationsModule,
  projectsModule,
  rewardsModule,
  partnerModule,
  deviceSessionsModule,
  membersModule,
  staffModule,
  dashboardModule,
  demoModule,
  whatsappModule,
];

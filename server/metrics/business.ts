import { invoiceEvents, pointsMoved, redemptions, signUps } from './registry';

/**
 * The club's business counters, one call per event where the service commits it. A counter only counts: it never
 * throws and never waits, so a service pays nothing for it, and a terminal command that calls it changes nothing
 * anyone scrapes.
 */
export const countBusiness = {
  invoice(event: 'sent' | 'approved' | 'refused'): void {
    invoiceEvents.inc({ event });
  },
  points(direction: 'credited' | 'spent', points: number): void {
    if (Number.isFinite(points) && points > 0) pointsMoved.inc({ direction }, points);
  },
  /** A reward redeemed, and the points it spent. */
  redemption(points: number): void {
    redemptions.inc();
    countBusiness.points('spent', points);
  },
  signUp(): void {
    signUps.inc();
  },
};

/**
 * The club's defaults for transfers to the points partner (docs/rewards-and-partner.md), as the API applies them and
 * the rule book states them (through {{…}} placeholders filled from here): one club point for one partner point, at
 * least 1,000 points a transfer, in multiples of 100, one transfer a day (a refused one does not count), and an
 * answer from the partner within 24 hours, or the points come back.
 */
export const TRANSFER_RULES = {
  /** Club points given… */
  rateClubPoints: 1,
  /** …for this many partner points. */
  ratePartnerPoints: 1,
  minimum: 1_000,
  multiple: 100,
  /** No transfer above this, whatever the balance: a typo of a few zeros stops here. */
  maximum: 1_000_000,
  perDay: 1,
  answerWithinHours: 24,
  /** Tries to link an account in 24 hours, found or not. */
  linkAttemptsPerDay: 10,
} as const;

/** Partner points for `points` club points, rounded down (whole partner points only). */
export const partnerPointsFor = (points: number): number =>
  Math.floor((points * TRANSFER_RULES.ratePartnerPoints) / TRANSFER_RULES.rateClubPoints);

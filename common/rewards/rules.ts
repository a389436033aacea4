/**
 * The catalogue's rules as the rule book states them (through {{…}} placeholders filled from here) and the code
 * applies them, so the text and the product cannot disagree.
 */

/** A voucher's or a course's code loaded without a date, or generated, is accepted this many days. */
export const CODE_VALIDITY_DAYS = 180;

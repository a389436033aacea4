/**
 * How long points last: every credit expires this many months after it lands in the ledger. The ledger's expiry,
 * the extract and every content text that states the validity (through the {{validade-dos-pontos}} placeholder)
 * come from here, so they cannot disagree.
 */
export const POINTS_VALIDITY_MONTHS = 12;

/** "12 meses", as content and screens write it. */
export const POINTS_VALIDITY_TEXT = `${POINTS_VALIDITY_MONTHS} meses`;

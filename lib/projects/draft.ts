import { getStoredValue, removeStoredValue, setStoredValue } from '../session/storage';

/**
 * The project form as the member left it, kept on the device while they fill it in: a lost signal, a closed tab or
 * a phone that reloads the page in the background loses nothing. Photos are uploaded as soon as they are picked,
 * so the draft keeps the server's photo ids and a small preview of each, never the photos themselves. It belongs to
 * one member and lives as long as the server keeps photos that no project uses yet.
 */
const KEY = 'PROJECT_DRAFT';
export const DRAFT_LIFETIME_SECONDS = 24 * 60 * 60;

export interface DraftPhoto {
  /** The id `uploadProjectPhoto` answered. */
  readonly id: string;
  /** A small JPEG data URL made in the browser, so the preview shows without a (short-lived) signed link. */
  readonly preview: string;
  readonly width: number;
  readonly height: number;
}

export interface ProjectDraftValues {
  title: string;
  environment: string;
  description: string;
  stateId: string;
  city: string;
  /** YYYY-MM, as the month input gives it. */
  finishedMonth: string;
  productIds: string[];
  invoiceIds: string[];
  campaignSlug: string;
  publishConsent: boolean;
}

export interface ProjectDraft {
  readonly values: ProjectDraftValues;
  readonly photos: readonly DraftPhoto[];
  /** The idempotency key of the send: a retry after a lost answer sends the same key and makes no second project. */
  readonly sendKey: string;
}

interface StoredDraft {
  readonly memberId: string;
  /** The refused project this draft corrects, or null for a new one. */
  readonly projectId: string | null;
  readonly draft: ProjectDraft;
}

export const EMPTY_DRAFT_VALUES: ProjectDraftValues = {
  title: '',
  environment: '',
  description: '',
  stateId: '',
  city: '',
  finishedMonth: '',
  productIds: [],
  invoiceIds: [],
  campaignSlug: '',
  publishConsent: false,
};

/** The draft of this member for this project (null: a new one), or null when there is none. */
export function loadProjectDraft(memberId: string, projectId: string | null): ProjectDraft | null {
  const stored = getStoredValue<StoredDraft>(KEY);
  if (!stored || stored.memberId !== memberId || stored.projectId !== projectId) return null;
  const { values, photos, sendKey } = stored.draft ?? {};
  if (typeof values !== 'object' || !Array.isArray(photos) || typeof sendKey !== 'string') return null;
  return { values: { ...EMPTY_DRAFT_VALUES, ...values }, photos, sendKey };
}

export function saveProjectDraft(memberId: string, projectId: string | null, draft: ProjectDraft): void {
  try {
    setStoredValue<StoredDraft>(KEY, { memberId, projectId, draft }, DRAFT_LIFETIME_SECONDS);
  } catch {
    // A full storage keeps the form working; only the copy on the device is missing.
  }
}

export function clearProjectDraft(): void {
  removeStoredValue(KEY);
}

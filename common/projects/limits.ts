/**
 * Project rules shared by the browser (checked as the member fills the form) and the API (checked always). The
 * API's messages use the same numbers, so a limit is changed here once.
 */
export const PROJECT_TITLE_MIN = 3;
export const PROJECT_TITLE_MAX = 120;
export const PROJECT_DESCRIPTION_MAX = 2000;
export const PROJECT_PHOTOS_MIN = 1;
export const PROJECT_PHOTOS_MAX = 10;
/** Each photo as sent, before the API shrinks it. */
export const PROJECT_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** What the file input offers; the API reads the type from the bytes. */
export const PROJECT_PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';
/** Points an approved project earns unless the reviewer gives another number (`--points N`). */
export const PROJECT_APPROVAL_POINTS = 500;
/** Unattached uploaded photos are deleted after this long, so a form left open a day loses its photos. */
export const UNATTACHED_PHOTO_LIFETIME_MS = 24 * 60 * 60 * 1000;

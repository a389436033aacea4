import { queueDraftOf, queueSearch } from '@/common/painel/invoice-queue';

/** The queue's filters the page's own address carries (in the browser only). */
export const queueSearchHere = () => queueSearch(queueDraftOf(window.location.search));

/**
 * Body class present while at least one modal is open (docs/product.md#21-navigation-loading-and-modals): a count,
 * so closing one of two keeps it.
 */
export const MODAL_OPEN_CLASS = 'modal-open';

let openModals = 0;

export function modalOpened(): void {
  openModals += 1;
  document.body.classList.add(MODAL_OPEN_CLASS);
}

export function modalClosed(): void {
  openModals = Math.max(0, openModals - 1);
  if (openModals === 0) document.body.classList.remove(MODAL_OPEN_CLASS);
}

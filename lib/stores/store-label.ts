/** "Loja Centro — Goiânia/GO", or just the name when the store has no place yet. */
export function storeLabel(store: { name: string; city?: string | null; uf?: string | null }): string {
  return store.city && store.uf ? `${store.name} — ${store.city}/${store.uf}` : store.name;
}

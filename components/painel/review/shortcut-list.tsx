/** The "Atalhos do teclado" box of a review page: each key and what it does. */
export function ShortcutList({ shortcuts }: { shortcuts: readonly { key: string; label: string }[] }) {
  return (
    <section aria-labelledby="atalhos">
      <h2 id="atalhos">Atalhos do teclado</h2>
      <dl className="invoice-review__shortcuts">
        {shortcuts.map((shortcut) => (
          <div key={shortcut.key}>
            <dt>
              <kbd>{shortcut.key}</kbd>
            </dt>
            <dd>{shortcut.label}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

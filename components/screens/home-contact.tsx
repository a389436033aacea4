import { config } from '@/lib/config';

const EXTERNAL_LINKS = [
  { href: config.links.tipsArticle, label: 'Dicas de projetos e promoções' },
  { href: config.links.inspirationSite, label: 'Site de inspiração' },
  { href: config.links.privacyPolicy, label: 'Política de privacidade' },
  { href: config.links.termsOfUse, label: 'Termos de uso' },
];

/**
 * Home's "Fale com o clube" card. A server component: its markup arrives with the page and no script of the phone's
 * renders it (home's first load is at its budget, and every component hydrated costs a slow phone's main thread).
 */
export function HomeContact() {
  return (
    <section className="card home-contact" aria-labelledby="home-contato">
      <h2 id="home-contato">Fale com o clube</h2>
      <p>Dúvidas sobre pontos, notas ou prêmios? Atendemos pelo WhatsApp em dias úteis, das 8h às 18h.</p>
      <p>
        <a
          className="button button--secondary"
          href={`https://wa.me/${config.whatsappNumber}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Conversar no WhatsApp
        </a>
      </p>
      <h3>Para saber mais</h3>
      <ul className="home-links">
        {EXTERNAL_LINKS.map((l) => (
          <li key={l.href}>
            <a href={l.href} target="_blank" rel="noopener noreferrer">
              {l.label}
              <span className="visually-hidden"> (abre em outra aba)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { config } from '@/lib/config';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <ul className="site-footer__links">
        <li>
          <a href={config.links.privacyPolicy} target="_blank" rel="noopener noreferrer">
            Política de privacidade
          </a>
        </li>
        <li>
          <a href={config.links.termsOfUse} target="_blank" rel="noopener noreferrer">
            Termos de uso
          </a>
        </li>
        <li>
          <a href={`https://wa.me/${config.whatsappNumber}`} target="_blank" rel="noopener noreferrer">
            Fale conosco pelo WhatsApp
          </a>
        </li>
      </ul>
      <p className="site-footer__note">Clube do Marceneiro</p>
    </footer>
  );
}

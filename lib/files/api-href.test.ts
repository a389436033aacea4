import { apiHref } from './api-href';

describe('apiHref', () => {
  it('resolves a path the API gives against the API address', () => {
    expect(apiHref('/arquivos/projetos/1/foto.jpg')).toBe(`${window.location.origin}/arquivos/projetos/1/foto.jpg`);
  });

  it('keeps an absolute address as it is', () => {
    expect(apiHref('https://cdn.exemplo.com.br/foto.jpg?assinatura=1')).toBe(
      'https://cdn.exemplo.com.br/foto.jpg?assinatura=1',
    );
  });
});

import { parseQueryString } from './query-string';

describe('parseQueryString', () => {
  it('treats an empty string as no parameters', () => {
    expect(parseQueryString('')).toEqual({});
    expect(parseQueryString('?')).toEqual({});
  });

  it('decodes parameters with or without the leading ?', () => {
    expect(parseQueryString('?a=1&b=dois%20tr%C3%AAs')).toEqual({ a: '1', b: 'dois três' });
    expect(parseQueryString('slug=loja-centro')).toEqual({ slug: 'loja-centro' });
  });
});

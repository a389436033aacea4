import { firstWords } from './first-words';

describe('firstWords', () => {
  it('keeps a short text whole, in one line', () => {
    expect(firstWords('  Foto  tremida.\nEnvie outra. ', 60)).toBe('Foto tremida. Envie outra.');
  });

  it('cuts between words and says the text goes on', () => {
    const reason = 'A foto cortou a chave de acesso. Envie a nota inteira, bem iluminada.';
    expect(firstWords(reason, 40)).toBe('A foto cortou a chave de acesso. Envie…');
    expect(firstWords(reason, 33)).toBe('A foto cortou a chave de acesso…');
  });

  it('cuts a single word longer than the room', () => {
    expect(firstWords('Inconstitucionalissimamente', 10)).toBe('Inconstitu…');
  });
});

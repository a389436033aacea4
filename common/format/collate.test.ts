import { sortByName } from './collate';

describe('sortByName', () => {
  it('orders states as a Brazilian reads them, whatever their accents', () => {
    const states = ['Paraná', 'Paraíba', 'Pará', 'Piauí', 'Espírito Santo', 'Amapá', 'Acre'].map((name) => ({ name }));
    expect(sortByName(states).map((s) => s.name)).toEqual([
      'Acre',
      'Amapá',
      'Espírito Santo',
      'Pará',
      'Paraíba',
      'Paraná',
      'Piauí',
    ]);
  });

  it('puts a city with an accented initial among its letter, and leaves the list it was given alone', () => {
    const cities = [{ name: 'Belém' }, { name: 'Águas de Lindóia' }, { name: 'Campinas' }, { name: 'Americana' }];
    expect(sortByName(cities).map((c) => c.name)).toEqual(['Águas de Lindóia', 'Americana', 'Belém', 'Campinas']);
    expect(cities[0]?.name).toBe('Belém');
  });
});

import { conversionLabel, nextTransferWhen } from './labels';

describe('the conversion of club points into partner points', () => {
  it.each([
    [1, 1, '1 ponto do clube = 1 ponto no Programa Parceiro'],
    [2, 1, '2 pontos do clube = 1 ponto no Programa Parceiro'],
    [1, 3, '1 ponto do clube = 3 pontos no Programa Parceiro'],
    [1000, 1500, '1.000 pontos do clube = 1.500 pontos no Programa Parceiro'],
  ])('reads a rate of %i to %i as “%s”', (rateClubPoints, ratePartnerPoints, label) => {
    expect(conversionLabel({ rateClubPoints, ratePartnerPoints }, 'Programa Parceiro')).toBe(label);
  });
});

describe('when the next transfer can be', () => {
  const TOMORROW = '2026-11-23T03:00:00.000Z';

  it.each([
    // 09:00 and 23:30 of 22/11 in São Paulo; 21:30 there is already 23/11 in UTC, still 22/11 for the club.
    ['2026-11-22T12:00:00.000Z', TOMORROW, 'amanhã, 23/11'],
    ['2026-11-23T02:30:00.000Z', TOMORROW, 'amanhã, 23/11'],
    ['2026-11-23T00:30:00.000Z', TOMORROW, 'amanhã, 23/11'],
    ['2026-12-31T15:00:00.000Z', '2027-01-01T03:00:00.000Z', 'amanhã, 01/01'],
    // Any other day is said by its date.
    ['2026-11-22T12:00:00.000Z', '2026-11-25T03:00:00.000Z', 'a partir de 25/11/2026'],
  ])('at %s, with the next at %s, says “%s”', (now, next, said) => {
    expect(nextTransferWhen(next, Date.parse(now))).toBe(said);
  });

  it('says tomorrow when the API gives no date', () => {
    expect(nextTransferWhen(null)).toBe('amanhã');
  });
});

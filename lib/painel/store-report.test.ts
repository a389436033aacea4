import { daysBefore, signUpsCsv } from './store-report';

describe('store sign-ups report', () => {
  it('writes a CSV a Portuguese spreadsheet opens: BOM, semicolons, dd/mm/aaaa, the total last', () => {
    const csv = signUpsCsv({ slug: 'loja-centro', name: 'Loja Centro; Chapas' }, [
      { day: '2026-11-23', signUps: 0 },
      { day: '2026-11-24', signUps: 3 },
    ]);
    expect(csv).toBe(
      '\ufeffdia;loja;cadastros\r\n23/11/2026;"Loja Centro; Chapas";0\r\n24/11/2026;"Loja Centro; Chapas";3\r\n' +
        'total;"Loja Centro; Chapas";3\r\n',
    );
    expect(signUpsCsv({ slug: 'x', name: '=HYPERLINK("x")' }, [])).toContain(`total;"'=HYPERLINK(""x"")";0`);
  });

  it('counts days back across months', () => {
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(daysBefore('2026-11-24', 29)).toBe('2026-10-26');
  });
});

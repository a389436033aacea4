import { sanitizeContentHtml } from './sanitize';

describe('sanitizeContentHtml', () => {
  it('keeps formatting and drops scripts, handlers and javascript: links', () => {
    const html = sanitizeContentHtml(
      '<p><strong>ok</strong><script>alert(1)</script><img src="x.png" width="10" height="5" onerror="alert(2)"><a href="javascript:alert(3)">x</a></p>',
    );
    expect(html).toContain('<strong>ok</strong>');
    expect(html).toContain('width="10"');
    expect(html).not.toMatch(/script|onerror|javascript:/);
  });
});

import { render, waitFor } from '@testing-library/react';
import { AnalyticsScripts } from './analytics-scripts';

describe('AnalyticsScripts', () => {
  afterEach(() => document.querySelectorAll('script').forEach((script) => script.remove()));

  it('loads nothing when no id is configured', () => {
    render(<AnalyticsScripts tagManagerId={undefined} analyticsId={undefined} />);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('loads the tag manager and analytics when their ids are set, once, in an idle moment after the load', async () => {
    const { rerender } = render(<AnalyticsScripts tagManagerId="GTM-X" analyticsId="G-1" />);
    rerender(<AnalyticsScripts tagManagerId="GTM-X" analyticsId="G-1" />);
    await waitFor(() => expect(document.getElementById('gtm')).not.toBeNull(), { timeout: 3000 });
    expect(document.getElementById('gtm')?.textContent).toContain('"GTM-X"');
    expect(document.getElementById('ga-src')?.getAttribute('src')).toContain('id=G-1');
    expect(document.getElementById('ga')?.textContent).toContain('gtag(\'config\',"G-1")');
    expect(document.querySelectorAll('script#gtm, script#ga-src, script#ga')).toHaveLength(3);
  });
});

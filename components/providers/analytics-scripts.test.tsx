import { render } from '@testing-library/react';
import { AnalyticsScripts } from './analytics-scripts';

jest.mock('next/script', () => ({
  __esModule: true,
  default: ({ id, src }: { id: string; src?: string }) => <i data-testid={id} data-src={src} />,
}));

describe('AnalyticsScripts', () => {
  it('loads nothing when no id is configured', () => {
    const { container } = render(<AnalyticsScripts tagManagerId={undefined} analyticsId={undefined} />);
    expect(container.querySelectorAll('[data-testid]')).toHaveLength(0);
  });

  it('loads the tag manager and analytics when their ids are set', () => {
    const { getByTestId } = render(<AnalyticsScripts tagManagerId="GTM-X" analyticsId="G-1" />);
    expect(getByTestId('gtm')).toBeInTheDocument();
    expect(getByTestId('ga-src').getAttribute('data-src')).toContain('id=G-1');
  });
});

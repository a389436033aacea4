import { render, waitFor } from '@testing-library/react';
import { RichText } from './rich-text';

describe('RichText', () => {
  it('renders content HTML and strips what could run script, even if the API sent it', async () => {
    const { container } = render(
      <RichText
        html={
          '<h2>Regras</h2><p>ok</p><img src="x.png" width="10" height="5" onerror="alert(1)"><script>alert(2)</script>'
        }
      />,
    );
    await waitFor(() => expect(container.querySelector('h2')).toHaveTextContent('Regras'));
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('width', '10');
    expect(img).not.toHaveAttribute('onerror');
    expect(container.querySelector('script')).toBeNull();
  });
});

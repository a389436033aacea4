import { render, screen } from '@testing-library/react';
import { RewardCard } from './reward-card';
import { rewardCard, rewardPhoto } from './test-data';

describe('RewardCard', () => {
  it("loads the first photo's thumbnail with its size, as decoration of the card the name links", () => {
    render(<RewardCard reward={rewardCard(3, { photos: [rewardPhoto('premio-3', 1), rewardPhoto('premio-3', 2)] })} />);
    const images = document.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute('src', expect.stringMatching(/premio-3-1-mini\.webp$/));
    expect(images[0]).toHaveAttribute('width', '480');
    expect(images[0]).toHaveAttribute('height', '360');
    expect(images[0]).toHaveAttribute('alt', '');
    expect(images[0]).toHaveAttribute('loading', 'lazy');
    expect(screen.getByRole('link', { name: 'Prêmio 3' })).toHaveAttribute('href', '/premios/premio-3');
  });

  it("shows its category's drawing when the reward has no photo", () => {
    render(<RewardCard reward={rewardCard(3)} />);
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('.reward-picture svg')).not.toBeNull();
  });
});

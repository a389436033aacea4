import { maskPhone } from './masks';

describe('maskPhone', () => {
  it.each([
    ['+55 11 98765-4321', '(11) 98765-4321'],
    ['5511987654321', '(11) 98765-4321'],
    ['+55 (11) 3456-7890', '(11) 3456-7890'],
    ['11987654321', '(11) 98765-4321'],
    // 55 is also a DDD (Santa Maria, RS): a national number is never cut.
    ['55987654321', '(55) 98765-4321'],
  ])('%s → %s', (typed, shown) => {
    expect(maskPhone(typed)).toBe(shown);
  });
});

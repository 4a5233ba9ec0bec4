import { demoHome } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import { homeApi } from './use-home';

describe('the home page’s calls', () => {
  it('go where their declarations say', () => {
    for (const name of ['summary', 'trend', 'breakdown'] as const) {
      expect({ name, url: homeApi[name].url, method: homeApi[name].method }).toEqual({
        name,
        url: demoHome.api[name].url,
        method: demoHome.api[name].method,
      });
    }
  });
});

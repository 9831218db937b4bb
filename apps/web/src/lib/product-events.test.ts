import { describe, expect, it } from 'vitest';
import { routeTemplate } from './product-events';

describe('routeTemplate', () => {
  it('reports route templates, never ids or queries', () => {
    expect(routeTemplate('/stocks/THYAO')).toBe('/stocks/:symbol');
    expect(routeTemplate('/stocks')).toBe('/stocks');
    expect(routeTemplate('/portfolio/')).toBe('/portfolio');
    expect(routeTemplate('/')).toBe('/');
    expect(routeTemplate('/users/1234/secret')).toBe('/other');
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Deferred } from '@/components/deferred';

describe('Deferred', () => {
  it('shows the placeholder first and its children right after', async () => {
    render(
      <Deferred fallback={<p>yer tutucu</p>}>
        <p>içerik</p>
      </Deferred>,
    );
    expect(screen.getByText('yer tutucu')).toBeTruthy();
    expect(screen.queryByText('içerik')).toBeNull();
    expect(await screen.findByText('içerik')).toBeTruthy();
    expect(screen.queryByText('yer tutucu')).toBeNull();
  });
});
